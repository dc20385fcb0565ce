import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubAccountOwnPasswordBody } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { sessionsKey } from './list-sessions';

/**
 * PUT /user/son_account/own_password: a sub-account's own password, with its current one (issue
 * 21). The server ends the sub-account's other sessions (its main account's stay).
 */
export async function changeOwnPassword(body: SubAccountOwnPasswordBody): Promise<void> {
  await api.put('/user/son_account/own_password', body);
}

export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOwnPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
