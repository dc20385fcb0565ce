/** The notice page (the server menu's `cloud/notice`); `?open=<id>` expands that notice. */
export const NOTICE_PAGE_PATH = '/cloud/notice';
export const OPEN_NOTICE_PARAM = 'open';

export function noticeLink(noticeId?: number): string {
  return noticeId === undefined ? NOTICE_PAGE_PATH : `${NOTICE_PAGE_PATH}?${OPEN_NOTICE_PARAM}=${noticeId}`;
}
