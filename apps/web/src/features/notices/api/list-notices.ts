import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NOTICE_POLL_MS } from '@cloudbay/contracts/core';
import type { UserNoticePage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

/** Every cached notice answer lives under this key, so one invalidation refreshes list and bell. */
export const noticesKey = ['notices'] as const;

/** Which notices a page lists: unread (0), read (1) or both. */
export type NoticeFilter = 'all' | 'unread' | 'read';

export interface NoticeQuery {
  page: number;
  limit: number;
  filter: NoticeFilter;
}

const IS_READ: Record<NoticeFilter, 0 | 1 | undefined> = { all: undefined, unread: 0, read: 1 };

/** GET /user/user_notice: a page of the user's notices with the unread count. */
export async function listNotices({ page, limit, filter }: NoticeQuery): Promise<UserNoticePage> {
  const { data } = await api.get<UserNoticePage>('/user/user_notice', {
    page,
    limit,
    is_read: IS_READ[filter],
  });
  return data;
}

/** The notice page's list; the previous page stays on screen while the next one loads. */
export function useNotices(query: NoticeQuery) {
  return useQuery({
    queryKey: [...noticesKey, 'list', query],
    queryFn: () => listNotices(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}

/** The bell's latest unread notices (its preview) and their count. */
export const UNREAD_PREVIEW_QUERY: NoticeQuery = { page: 1, limit: 10, filter: 'unread' };

/**
 * The bell: polled every NOTICE_POLL_MS (spec §9) while a token is stored; react-query pauses the
 * polling while the tab is hidden, so idle tabs cost the server nothing.
 */
export function useUnreadNotices() {
  return useQuery({
    queryKey: [...noticesKey, 'unread'],
    queryFn: () => listNotices(UNREAD_PREVIEW_QUERY),
    refetchInterval: NOTICE_POLL_MS,
    // Fresh until the next poll: the bell and the home summary mount at different times and
    // share one answer instead of asking twice.
    staleTime: NOTICE_POLL_MS,
    enabled: getToken() !== null,
  });
}
