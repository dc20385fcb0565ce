import { api } from '../../../lib/request';
import { useDesktopMutation } from './desktops-mutation';

/** PUT /user/desktop/{desktop_id}/disconnect: ends every session connected to the desktop. */
export async function disconnectDesktop(desktopId: string): Promise<void> {
  await api.put(`/user/desktop/${encodeURIComponent(desktopId)}/disconnect`);
}

export function useDisconnectDesktop() {
  return useDesktopMutation(disconnectDesktop);
}
