import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody, User } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { currentUserKey } from '../../../lib/session';
import { setCachedUser } from '../../../lib/storage';

/**
 * PUT /user/profile: the nickname and/or the avatar (the stored name of an uploaded image, '' to
 * remove it). Answers the user as GET /user does, the avatar as its URL.
 */
export async function updateProfile(body: ProfileBody): Promise<User> {
  const { data } = await api.put<User>('/user/profile', body);
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The navigation bar and every other reader of the user show the change at once.
    onSuccess: (user) => {
      setCachedUser(user);
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
