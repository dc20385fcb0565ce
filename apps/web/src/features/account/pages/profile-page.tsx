import { useEffect } from 'react';
import { Alert, Card, Col, Descriptions, Flex, Row, Skeleton, Tabs, Tag, theme } from 'antd';
import type { User } from '@cloudbay/contracts';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { formatDollars } from '../../../lib/money';
import { displayName, useCurrentUser } from '../../../lib/session';
import { PROFILE_TABS, PROFILE_TAB_PARAM, type ProfileTab } from '../paths';
import { AvatarUpload } from '../components/avatar-upload';
import { UserAvatar } from '../components/user-avatar';
import { PageTitle } from '../../../components/page-title';
import { lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';

// The other tabs' content loads when the tab is first shown (prefetched once the page is idle):
// the devices' table above all, which the profile tab does not need.
// The profile form (antd's Form and its validator, about 20 KB gzip) downloads from the page's
// mount on, behind the skeleton the tab shows while the user loads.
const ProfileForm = lazyPart(() => import('../components/profile-form'), 'ProfileForm');
const ChangePasswordForm = lazyPart(() => import('../components/change-password-form'), 'ChangePasswordForm');
const SubAccountPasswordForm = lazyPart(
  () => import('../components/sub-account-password-form'),
  'SubAccountPasswordForm',
);
const SessionsTable = lazyPart(() => import('../components/sessions-table'), 'SessionsTable');

function AccountCard({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  const name = displayName(user);
  const main = user.main_account;

  return (
    <Card data-testid="profile-account">
      <Flex vertical align="center" gap="small" style={{ textAlign: 'center', marginBottom: token.marginLG }}>
        {/* A sub-account's picture and name are its main account's to set: shown, not edited. */}
        {user.is_son ? <UserAvatar user={user} size={88} fontSize={36} /> : <AvatarUpload user={user} />}
        <h2
          style={{
            margin: `${token.marginXS}px 0 0`,
            fontSize: token.fontSizeHeading4,
            lineHeight: token.lineHeightHeading4,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
            wordBreak: 'break-word',
          }}
          data-testid="profile-name"
        >
          {name}
        </h2>
        {user.is_son ? null : (
          <span style={{ color: token.colorTextSecondary, wordBreak: 'break-all' }}>{user.email}</span>
        )}
        <Tag color={user.is_son ? 'purple' : 'blue'} variant="filled">
          {t(user.is_son ? 'profile.subAccount' : 'profile.mainAccount')}
        </Tag>
      </Flex>
      {user.is_son ? (
        <Descriptions
          column={1}
          size="small"
          data-testid="profile-son"
          items={[
            { key: 'name', label: t('profile.son.name'), children: user.nickname },
            {
              key: 'main',
              label: t('profile.son.mainAccount'),
              children: main ? (
                <span style={{ wordBreak: 'break-all' }} data-testid="profile-main-account">
                  {main.nickname && main.nickname !== main.email
                    ? `${main.nickname} · ${main.email}`
                    : main.email}
                </span>
              ) : (
                '-'
              ),
            },
            {
              key: 'remark',
              label: t('profile.son.remark'),
              children: (
                <span style={{ wordBreak: 'break-word' }} data-testid="profile-remark">
                  {user.remark || '-'}
                </span>
              ),
            },
          ]}
        />
      ) : (
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'userId', label: t('profile.userId'), children: user.userId },
            {
              key: 'balance',
              label: t('profile.balance'),
              children: <strong data-testid="profile-balance">{formatDollars(user.balance)}</strong>,
            },
            {
              key: 'invite',
              label: t('profile.inviteCode'),
              children: user.invite_code ? (
                <CopyableCode value={user.invite_code} copyLabel={t('profile.copy')} />
              ) : (
                '-'
              ),
            },
          ]}
        />
      )}
      {user.is_son ? (
        <Alert type="info" showIcon title={t('profile.son.managed')} style={{ marginTop: token.marginMD }} />
      ) : null}
    </Card>
  );
}

/**
 * The tab in the URL (`?tab=password`, the user menu's 'change password'), among `tabs`; the first
 * of them by default.
 */
function useProfileTab(tabs: readonly ProfileTab[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(PROFILE_TAB_PARAM);
  const tab: ProfileTab = tabs.find((key) => key === asked) ?? tabs[0]!;
  const setTab = (next: string) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set(PROFILE_TAB_PARAM, next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  return { tab, setTab };
}

/** A sub-account's tabs (issue 21): its name and picture are its main account's to set. */
const SUB_ACCOUNT_TABS: readonly ProfileTab[] = ['password', 'sessions'];

/**
 * /user/profile: the personal centre (avatar, nickname, password, logged-in devices). A sub-account
 * sees its name, its main account and the remark, changes its password with its current one, and
 * sees its devices; nothing else (no e-mail, no nickname, no main account settings).
 */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  const { data: user } = useCurrentUser();
  const son = user?.is_son === true;
  const { tab, setTab } = useProfileTab(son ? SUB_ACCOUNT_TABS : PROFILE_TABS);
  usePrefetchWhenIdle(ChangePasswordForm, SessionsTable);
  useEffect(() => ProfileForm.prefetch(), []);

  return (
    <Flex vertical gap="large" data-testid="page-profile">
      <PageTitle>{t('profile.title')}</PageTitle>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          {user ? (
            <AccountCard user={user} />
          ) : (
            <Card>
              <Skeleton active avatar />
            </Card>
          )}
        </Col>
        <Col xs={24} lg={16}>
          <Card styles={{ body: { paddingTop: token.paddingXS } }}>
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                ...(son
                  ? []
                  : [
                      {
                        key: 'basic',
                        label: t('profile.tabs.basic'),
                        children: user ? (
                          <ProfileForm user={user} fallback={<Skeleton active />} />
                        ) : (
                          <Skeleton active />
                        ),
                      },
                    ]),
                {
                  key: 'password',
                  label: t('profile.tabs.password'),
                  children: !user ? (
                    <Skeleton active />
                  ) : son ? (
                    <SubAccountPasswordForm fallback={<Skeleton active />} />
                  ) : (
                    <ChangePasswordForm email={user.email} fallback={<Skeleton active />} />
                  ),
                },
                {
                  key: 'sessions',
                  label: t('profile.tabs.sessions'),
                  children: <SessionsTable fallback={<Skeleton active />} />,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
