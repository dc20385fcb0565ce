import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SysNotice } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { sysNoticesKey } from './list-sys-notices';

/** POST /user/sys_notice/read: the announcements are not shown to this user again. */
export async function readSysNotices(ids: number[]): Promise<{ read: number }> {
  const { data } = await api.post<{ read: number }>('/user/sys_notice/read', { ids });
  return data;
}

/** Marks them read and drops them from the cached list, so the dialog closes at once. */
export function useReadSysNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readSysNotices,
    onSuccess: (_, ids) =>
      queryClient.setQueryData<SysNotice[]>(sysNoticesKey, (notices) =>
        notices?.filter((notice) => !ids.includes(notice.id)),
      ),
  });
}
