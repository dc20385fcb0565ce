import { useQuery } from '@tanstack/react-query';
import type { SysNotice } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

export const sysNoticesKey = ['sys-notices'] as const;

/** GET /user/sys_notice: the announcements this user has not read yet. */
export async function listSysNotices(): Promise<SysNotice[]> {
  const { data } = await api.get<SysNotice[]>('/user/sys_notice');
  return data;
}

/** Asked once per session: the server remembers what was read, so nothing needs polling. */
export function useSysNotices() {
  return useQuery({
    queryKey: sysNoticesKey,
    queryFn: listSysNotices,
    staleTime: Infinity,
    enabled: getToken() !== null,
  });
}
