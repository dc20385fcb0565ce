import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginToken } from '@cloudbay/contracts';
import { quietGet } from '../../../lib/quiet-get';
import { api } from '../../../lib/request';
import { desktopsKey } from './desktops-list';

/** POST /user/wy_auth/get_login_token: a connection ticket and the page that connects with it. */
export async function getLoginToken(desktopId: string): Promise<LoginToken> {
  const { data } = await api.post<LoginToken>(
    '/user/wy_auth/get_login_token',
    { desktop_id: desktopId },
    // Connecting again right after a closed tab is normal use, not a double submission.
    { repeatSubmit: false },
  );
  return data;
}

export function useLoginToken() {
  return useMutation({ mutationFn: getLoginToken });
}

/** GET /config/EXE_URL: where the desktop client is downloaded ('' when the operator set none). */
export async function getClientDownloadUrl(): Promise<string> {
  return quietGet<string>('/config/EXE_URL');
}

/** The client download link; the page did not ask for it, so a failure shows no link and no error. */
export function useClientDownloadUrl() {
  return useQuery({
    queryKey: [...desktopsKey, 'client-url'],
    queryFn: getClientDownloadUrl,
    staleTime: Infinity,
    retry: false,
  });
}
