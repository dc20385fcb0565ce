import { useState } from 'react';
import { Button, Flex, Modal, theme } from 'antd';
import { LeftOutlined, NotificationOutlined, RightOutlined } from '@ant-design/icons';
import type { SysNotice } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useSysNotices } from '../api/list-sys-notices';
import { useReadSysNotices } from '../api/read-sys-notices';
import { formatDateTime } from '../../../lib/format-time';
import styles from './rich-content.module.css';

function Announcement({ notice }: { notice: SysNotice }) {
  const { token } = theme.useToken();
  return (
    <article data-testid={`sys-notice-${notice.id}`}>
      <h2
        style={{
          margin: 0,
          fontSize: token.fontSizeHeading4,
          lineHeight: token.lineHeightHeading4,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
          wordBreak: 'break-word',
        }}
      >
        {notice.title}
      </h2>
      <p style={{ margin: `${token.marginXXS}px 0 ${token.marginMD}px`, color: token.colorTextTertiary }}>
        {formatDateTime(notice.created_at)}
      </p>
      {/* The server sanitises announcement HTML (an allow-list of tags and attributes) before storing it. */}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: notice.content }} />
    </article>
  );
}

/**
 * The unread announcements, shown after login one at a time (spec §7 sys_notice). 'I have read it'
 * records them on the server, so they are not shown again on any device; closing the dialog only
 * hides them until the next visit.
 */
export function SysNoticeDialog() {
  const { t } = useTranslation('notices');
  const { data: notices = [] } = useSysNotices();
  const readNotices = useReadSysNotices();
  const [index, setIndex] = useState(0);
  const [dismissed, setDismissed] = useState(false);

  const current = notices[Math.min(index, notices.length - 1)];
  const position = notices.indexOf(current as SysNotice);
  const several = notices.length > 1;

  const footer = (
    <Flex justify="space-between" align="center" gap="small" wrap>
      {several ? (
        <Flex align="center" gap="small">
          <Button
            icon={<LeftOutlined />}
            aria-label={t('sys.previous')}
            disabled={position <= 0}
            onClick={() => setIndex(position - 1)}
          />
          <span data-testid="sys-notice-progress">
            {t('sys.progress', { current: position + 1, total: notices.length })}
          </span>
          <Button
            icon={<RightOutlined />}
            aria-label={t('sys.next')}
            disabled={position >= notices.length - 1}
            onClick={() => setIndex(position + 1)}
          />
        </Flex>
      ) : (
        <span />
      )}
      <Button
        type="primary"
        loading={readNotices.isPending}
        onClick={() => readNotices.mutate(notices.map((notice) => notice.id))}
        data-testid="sys-notice-read"
      >
        {t('sys.read')}
      </Button>
    </Flex>
  );

  return (
    <Modal
      open={Boolean(current) && !dismissed}
      title={
        <Flex align="center" gap="small">
          <NotificationOutlined />
          {t('sys.title')}
        </Flex>
      }
      footer={footer}
      onCancel={() => setDismissed(true)}
      mask={{ closable: false }}
      width={640}
      // Above the home page's pop-up, which may open at the same moment: announcements come first.
      zIndex={1010}
      modalRender={(panel) => <div data-testid="sys-notice-dialog">{panel}</div>}
    >
      {current ? <Announcement notice={current} /> : null}
    </Modal>
  );
}
