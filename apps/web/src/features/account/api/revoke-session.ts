import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionItem } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { clearSession } from '../../../lib/storage';
import { sessionsKey } from './list-sessions';

/** DELETE /user/sessions/{id}: logs that device out (the current one included). */
export async function revokeSession(id: string): Promise<void> {
  await api.delete(`/user/sessions/${encodeURIComponent(id)}`);
}

/** Revoking the current session is logging out: the session ends here too, and nothing is refetched. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: SessionItem) => revokeSession(session.id),
    onSuccess: (_, session) => {
      if (session.current) clearSession();
      else return queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}
