import { Badge, Button, Divider, Empty, Flex, Popover, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { UserNotice } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAvailablePath } from '../../../lib/available-routes';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useUnreadNotices } from '../api/list-notices';
import { useMarkNoticeRead } from '../api/mark-notice-read';
import { formatDateTime } from '../../../lib/format-time';
import { NOTICE_PAGE_PATH, noticeLink } from '../paths';

/** How many unread notices the bell's preview lists. */
const PREVIEW_SIZE = 5;

function PreviewItem({ notice, onOpen }: { notice: UserNotice; onOpen: (notice: UserNotice) => void }) {
  const { token } = theme.useToken();
  return (
    <Button
      type="text"
      block
      onClick={() => onOpen(notice)}
      style={{ height: 'auto', padding: `${token.paddingXS}px ${token.paddingSM}px`, textAlign: 'start' }}
      data-testid={`notice-preview-${notice.notice_id}`}
    >
      <Flex vertical gap={2} style={{ minWidth: 0, width: '100%' }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {notice.title}
        </span>
        <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
          {formatDateTime(notice.created_at)}
        </span>
      </Flex>
    </Button>
  );
}

/** The latest unread notices, with the ways to the page and to mark them all read. */
function Preview({
  notices,
  count,
  onOpen,
}: {
  notices: UserNotice[];
  count: number;
  onOpen: (notice?: UserNotice) => void;
}) {
  const { t } = useTranslation('notices');
  const { token } = theme.useToken();
  const markRead = useMarkNoticeRead();
  return (
    <Flex vertical style={{ width: 300, maxWidth: 'calc(100vw - 32px)' }} data-testid="notice-preview">
      {notices.length ? (
        <Flex vertical style={{ marginInline: -token.paddingSM }}>
          {notices.slice(0, PREVIEW_SIZE).map((notice) => (
            <PreviewItem key={notice.notice_id} notice={notice} onOpen={onOpen} />
          ))}
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
      )}
      <Divider style={{ margin: `${token.marginXS}px 0` }} />
      <Flex justify="space-between" align="center">
        <Button
          type="link"
          size="small"
          disabled={count === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate('all')}
          style={{ paddingInline: 0 }}
        >
          {t('bell.markAllRead')}
        </Button>
        <Button type="link" size="small" onClick={() => onOpen()} style={{ paddingInline: 0 }}>
          {t('bell.viewAll')}
        </Button>
      </Flex>
    </Flex>
  );
}

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
      content={<Preview notices={data?.list ?? []} count={count} onOpen={open} />}
      mouseEnterDelay={0.3}
    >
      {bell}
    </Popover>
  );
}
