import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

/**
 * GET /user/sys_notice under the key the console's announcement dialog uses (['sys-notices']): the
 * home shares its one answer and sees it empty once the user has read them.
 */
async function fetchUnreadAnnouncements(): Promise<{ id: number }[]> {
  const { data } = await api.get<{ id: number }[]>('/user/sys_notice');
  return data;
}

/** True while announcements wait to be read: the home's pop-up waits for them. */
export function useAnnouncementsPending(): boolean {
  const { data } = useQuery({
    queryKey: ['sys-notices'],
    queryFn: fetchUnreadAnnouncements,
    staleTime: Infinity,
    enabled: getToken() !== null,
  });
  return data === undefined || data.length > 0;
}
