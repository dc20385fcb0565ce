import { useQuery } from '@tanstack/react-query';
import type { UserNoticePage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

/**
 * GET /user/user_notice?page=1&limit=10&is_read=0, the same call as the top bar's bell and under
 * the same key (['notices', 'unread']): the home's count and the bell share one answer, so marking
 * notices read anywhere updates both and the home page adds no request of its own.
 */
async function fetchUnreadNotices(): Promise<UserNoticePage> {
  const { data } = await api.get<UserNoticePage>('/user/user_notice', { page: 1, limit: 10, is_read: 0 });
  return data;
}

/** How many notices the user has not read. */
export function useUnreadCount() {
  return useQuery({
    queryKey: ['notices', 'unread'],
    queryFn: fetchUnreadNotices,
    select: (page) => page.no_read_count,
    enabled: getToken() !== null,
  });
}
