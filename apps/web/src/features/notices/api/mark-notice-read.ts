import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserNoticePage } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { noticesKey } from './list-notices';

export interface MarkReadAnswer {
  /** What is still unread after the change. */
  no_read_count: number;
}

/** PUT /user/user_notice/{notice_id|all}: marks one notice, or every unread one, read. */
export async function markNoticeRead(noticeId: number | 'all'): Promise<MarkReadAnswer> {
  const { data } = await api.put<MarkReadAnswer>(
    `/user/user_notice/${noticeId}`,
    undefined,
    // Opening notices one after another is normal use, not a double submission.
    { repeatSubmit: false },
  );
  return data;
}

function markedInPage(page: UserNoticePage, noticeId: number | 'all', unread: number): UserNoticePage {
  const readAt = new Date().toISOString();
  return {
    ...page,
    no_read_count: unread,
    list: page.list.map((notice) =>
      notice.is_read === 0 && (noticeId === 'all' || notice.notice_id === noticeId)
        ? { ...notice, is_read: 1, read_at: readAt }
        : notice,
    ),
  };
}

/**
 * After a change: the lists on screen show the notice as read where it is (a notice just opened in
 * the Unread view must not vanish under the reader), are refetched when next shown, and the bell
 * is refetched at once.
 */
function applyRead(queryClient: QueryClient, noticeId: number | 'all', answer: MarkReadAnswer) {
  const lists = { queryKey: [...noticesKey, 'list'] };
  queryClient.setQueriesData<UserNoticePage>(lists, (page) =>
    page ? markedInPage(page, noticeId, answer.no_read_count) : page,
  );
  void queryClient.invalidateQueries({ ...lists, refetchType: 'none' });
  return queryClient.invalidateQueries({ queryKey: [...noticesKey, 'unread'] });
}

export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticeRead,
    onSuccess: (answer, noticeId) => applyRead(queryClient, noticeId, answer),
  });
}
