import { useQuery } from '@tanstack/react-query';
import type { DesktopAccount, DesktopSubAccount } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { desktopsKey } from './desktops-list';

const path = (desktopId: string, part: string) => `/user/desktop/${encodeURIComponent(desktopId)}/${part}`;

/** GET /user/desktop/{desktop_id}/accounts: the end users who can log in, and their sessions now. */
export async function listDesktopAccounts(desktopId: string): Promise<DesktopAccount[]> {
  const { data } = await api.get<DesktopAccount[]>(path(desktopId, 'accounts'));
  return data;
}

/** GET /user/desktop/{desktop_id}/son_account: the sub-accounts bound to the desktop. */
export async function listDesktopSubAccounts(desktopId: string): Promise<DesktopSubAccount[]> {
  const { data } = await api.get<DesktopSubAccount[]>(path(desktopId, 'son_account'));
  return data;
}

export function useDesktopAccounts(desktopId: string | undefined) {
  return useQuery({
    queryKey: [...desktopsKey, 'accounts', desktopId],
    queryFn: () => listDesktopAccounts(desktopId!),
    enabled: desktopId !== undefined && getToken() !== null,
  });
}

export function useDesktopSubAccounts(desktopId: string | undefined) {
  return useQuery({
    queryKey: [...desktopsKey, 'son-accounts', desktopId],
    queryFn: () => listDesktopSubAccounts(desktopId!),
    enabled: desktopId !== undefined && getToken() !== null,
  });
}
