import { Badge, Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { UserNotice } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAvailablePath } from '../../../lib/available-routes';
import { lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useUnreadNotices } from '../api/list-notices';
import { NOTICE_PAGE_PATH, noticeLink } from '../paths';

// The hover preview (its list, Empty and Divider) loads on demand, prefetched when idle.
const NoticePreview = lazyPart(() => import('./notice-preview'), 'NoticePreview');

/** The preview's width (notice-preview.tsx), which its loading state takes too. */
export const PREVIEW_WIDTH = 300;

/**
 * The top bar's bell (spec §2): the unread count, refreshed every 15 s; a click opens the notice
 * page, and hovering on a desktop previews the latest unread notices.
 */
export function NoticeBell() {
  const { t } = useTranslation('notices');
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { data } = useUnreadNotices();
  const count = data?.no_read_count ?? 0;
  // Without the page in this session's menus the bell still counts, but leads nowhere.
  const canOpen = isAvailablePath(NOTICE_PAGE_PATH);
  usePrefetchWhenIdle(NoticePreview);

  const open = (notice?: UserNotice) => {
    if (canOpen) void navigate(noticeLink(notice?.notice_id));
  };

  const bell = (
    <Button
      type="text"
      aria-label={count ? t('bell.labelUnread', { count }) : t('bell.label')}
      data-testid="notice-bell"
      onClick={() => open()}
      icon={
        <Badge count={count} size="small" overflowCount={99} data-testid="notice-count">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      }
    />
  );

  // A hover preview does not suit touch screens, where the tap itself opens the page.
  if (isMobile || !canOpen) return bell;
  return (
    <Popover
      placement="bottomRight"
      title={t('bell.preview')}
      content={
        <NoticePreview
          notices={data?.list ?? []}
          count={count}
          onOpen={open}
          fallback={<Spin size="small" style={{ display: 'block', width: PREVIEW_WIDTH }} />}
        />
      }
      mouseEnterDelay={0.3}
    >
      {bell}
    </Popover>
  );
}
