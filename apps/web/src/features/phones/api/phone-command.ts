import { useMutation } from '@tanstack/react-query';
import type { RunCommandResult } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

export interface RunCommandInput {
  phoneId: string;
  command: string;
}

/**
 * POST /user/ph/phone/{id}/run_command: one shell command on a running phone (audited). Not
 * guarded against repeats: running the same command twice in a second is what a console does.
 */
export async function runPhoneCommand({ phoneId, command }: RunCommandInput): Promise<RunCommandResult> {
  const { data } = await api.post<RunCommandResult>(
    `/user/ph/phone/${encodeURIComponent(phoneId)}/run_command`,
    { command },
    { repeatSubmit: false },
  );
  return data;
}

export function useRunPhoneCommand() {
  return useMutation({ mutationFn: runPhoneCommand });
}
