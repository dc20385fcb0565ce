import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import { sessionsKey } from './list-sessions';

export interface ChangePasswordBody {
  password: string;
  email_code: string;
}

/** PUT /user/password: the server also ends the user's other sessions. */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await api.put('/user/password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
