import { App, Button, Card, Flex, Skeleton, theme } from 'antd';
import { BellOutlined, CopyOutlined, RightOutlined } from '@ant-design/icons';
import type { User } from '@cloudbay/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAvailablePath } from '../../../lib/available-routes';
import { useUnreadCount } from '../api/get-unread-count';

const NOTICE_PATH = '/cloud/notice';
const PROFILE_PATH = '/user/profile';

function UnreadNotices() {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const { data: count } = useUnreadCount();
  const body = (
    <Flex justify="space-between" align="center" style={{ width: '100%' }}>
      <span style={{ color: token.colorTextSecondary }}>
        <BellOutlined /> {t('account.unread')}
      </span>
      <span>
        <strong style={{ color: count ? token.colorError : token.colorText }} data-testid="home-unread">
          {count ?? '-'}
        </strong>
        {isAvailablePath(NOTICE_PATH) ? (
          <RightOutlined style={{ marginInlineStart: 6, fontSize: 10, color: token.colorTextTertiary }} />
        ) : null}
      </span>
    </Flex>
  );
  return isAvailablePath(NOTICE_PATH) ? (
    <Link to={NOTICE_PATH} style={{ color: 'inherit', display: 'block' }} data-testid="home-unread-link">
      {body}
    </Link>
  ) : (
    body
  );
}

function InviteCode({ code }: { code: string }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const copy = () => {
    void navigator.clipboard
      ?.writeText(code)
      .then(() => message.success(t('account.copied')))
      .catch(() => undefined);
  };
  return (
    <Flex justify="space-between" align="center">
      <span style={{ color: token.colorTextSecondary }}>{t('account.inviteCode')}</span>
      <Flex align="center" gap={4}>
        <code data-testid="home-invite-code">{code}</code>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('account.copy')}
          onClick={copy}
        />
      </Flex>
    </Flex>
  );
}

/** The balance, unread notices and invite code at a glance. */
export function AccountSummary({ user }: { user: User | undefined }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const row = {
    padding: `${token.paddingSM}px 0`,
    borderTop: `${token.lineWidth}px solid ${token.colorSplit}`,
  };
  return (
    <Card
      title={t('account.title')}
      extra={<Link to={PROFILE_PATH}>{t('profileLink')}</Link>}
      style={{ height: '100%' }}
      data-testid="home-account"
    >
      {user ? (
        <Flex vertical>
          <Flex vertical gap={2} style={{ paddingBottom: token.paddingSM }}>
            <span style={{ color: token.colorTextSecondary }}>{t('balance')}</span>
            <span
              style={{
                fontSize: token.fontSizeHeading2,
                lineHeight: token.lineHeightHeading2,
                fontWeight: token.fontWeightStrong,
                color: token.colorTextHeading,
              }}
              data-testid="home-balance"
            >
              ${user.balance}
            </span>
          </Flex>
          <div style={row}>
            <UnreadNotices />
          </div>
          {user.invite_code ? (
            <div style={row}>
              <InviteCode code={user.invite_code} />
            </div>
          ) : null}
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </Card>
  );
}
