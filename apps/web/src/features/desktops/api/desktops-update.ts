import type { DesktopUpdateBody } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { useDesktopMutation } from './desktops-mutation';

export interface UpdateDesktopInput {
  desktopId: string;
  changes: DesktopUpdateBody;
}

/** PUT /user/desktop/{desktop_id}: rename, assign the end user, switch auto-renew. */
export async function updateDesktop({ desktopId, changes }: UpdateDesktopInput): Promise<void> {
  await api.put(`/user/desktop/${encodeURIComponent(desktopId)}`, changes);
}

export function useUpdateDesktop() {
  return useDesktopMutation(updateDesktop);
}
