/** Notices as GET /user/user_notice answers them, for this feature's tests. */
import type { UserNotice, UserNoticePage } from '@cloudbay/contracts';

export function testNotice(id: number, overrides: Partial<UserNotice> = {}): UserNotice {
  return {
    notice_id: id,
    kind: 'account',
    title: `通知 ${id}`,
    content: `通知 ${id} 的内容`,
    is_read: 0,
    created_at: '2026-11-20T08:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

export function noticePage(list: UserNotice[], overrides: Partial<UserNoticePage> = {}): UserNoticePage {
  return {
    list,
    total: list.length,
    page: 1,
    limit: 20,
    no_read_count: list.filter((notice) => notice.is_read === 0).length,
    ...overrides,
  };
}
