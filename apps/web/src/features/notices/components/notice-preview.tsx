import { Button, Divider, Empty, Flex, theme } from 'antd';
import type { UserNotice } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useMarkNoticeRead } from '../api/mark-notice-read';
import { formatDateTime } from '../../../lib/format-time';
import { PREVIEW_WIDTH } from './notice-bell';

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

/** The bell's preview: the latest unread notices, with the ways to the page and to mark them all read. */
export function NoticePreview({
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
    <Flex
      vertical
      style={{ width: PREVIEW_WIDTH, maxWidth: 'calc(100vw - 32px)' }}
      data-testid="notice-preview"
    >
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
