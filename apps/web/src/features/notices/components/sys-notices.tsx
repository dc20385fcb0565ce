import { lazyPart } from '../../../lib/lazy-part';
import { useSysNotices } from '../api/list-sys-notices';

// The announcement dialog loads only for a session that has unread announcements.
const SysNoticeDialog = lazyPart(() => import('./sys-notice-dialog'), 'SysNoticeDialog');

/** The unread announcements' dialog (spec §7 sys_notice), mounted once there are any. */
export function SysNotices() {
  const { data: notices = [] } = useSysNotices();
  return <SysNoticeDialog when={notices.length > 0} />;
}
