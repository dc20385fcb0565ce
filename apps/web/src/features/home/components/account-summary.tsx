import { Card, Flex, Skeleton, theme } from 'antd';
import { BellOutlined, RightOutlined } from '@ant-design/icons';
import type { User } from '@cloudbay/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { isAvailablePath } from '../../../lib/available-routes';
import { formatDollars } from '../../../lib/money';
import { PROFILE_PATH } from '../../account/paths';
import { useUnreadNotices } from '../../notices/api/list-notices';
import { NOTICE_PAGE_PATH } from '../../notices/paths';

function UnreadNotices() {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  // The bell's own query: one answer for both, so marking notices read anywhere updates the count.
  const count = useUnreadNotices().data?.no_read_count;
  const body = (
    <Flex justify="space-between" align="center" style={{ width: '100%' }}>
      <span style={{ color: token.colorTextSecondary }}>
        <BellOutlined /> {t('account.unread')}
      </span>
      <span>
        <strong style={{ color: count ? token.colorError : token.colorText }} data-testid="home-unread">
          {count ?? '-'}
        </strong>
        {isAvailablePath(NOTICE_PAGE_PATH) ? (
          <RightOutlined style={{ marginInlineStart: 6, fontSize: 10, color: token.colorTextTertiary }} />
        ) : null}
      </span>
    </Flex>
  );
  return isAvailablePath(NOTICE_PAGE_PATH) ? (
    <Link to={NOTICE_PAGE_PATH} style={{ color: 'inherit', display: 'block' }} data-testid="home-unread-link">
      {body}
    </Link>
  ) : (
    body
  );
}

function InviteCode({ code }: { code: string }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="center">
      <span style={{ color: token.colorTextSecondary }}>{t('account.inviteCode')}</span>
      <span data-testid="home-invite-code">
        <CopyableCode value={code} copyLabel={t('account.copy')} />
      </span>
    </Flex>
  );
}

/** The balance, unread notices and invite code at a glance (a sub-account: its main account and notices). */
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
      {user?.is_son ? (
        // A sub-account has no wallet or referrals of its own (issue 21): whose console it is.
        <Flex vertical>
          <Flex vertical gap={2} style={{ paddingBottom: token.paddingSM }}>
            <span style={{ color: token.colorTextSecondary }}>{t('account.mainAccount')}</span>
            <span
              style={{
                fontWeight: token.fontWeightStrong,
                color: token.colorTextHeading,
                wordBreak: 'break-all',
              }}
              data-testid="home-main-account"
            >
              {user.main_account?.nickname || user.main_account?.email || '-'}
            </span>
          </Flex>
          <div style={row}>
            <UnreadNotices />
          </div>
        </Flex>
      ) : user ? (
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
              {formatDollars(user.balance)}
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
