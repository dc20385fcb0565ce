import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { currentUserKey } from '../../../lib/session';
import { setCachedUser } from '../../../lib/storage';

/** PUT /user/profile */
export async function updateProfile(body: { nickname: string }): Promise<User> {
  const { data } = await api.put<User>('/user/profile', body);
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      setCachedUser(user);
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
