import { useEffect } from 'react';
import { Card, Col, Descriptions, Flex, Row, Skeleton, Tabs, Tag, theme } from 'antd';
import type { User } from '@cloudbay/contracts';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { formatDollars } from '../../../lib/money';
import { displayName, useCurrentUser } from '../../../lib/session';
import { PROFILE_TABS, PROFILE_TAB_PARAM, type ProfileTab } from '../paths';
import { AvatarUpload } from '../components/avatar-upload';
import { PageTitle } from '../../../components/page-title';
import { lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';

// The other tabs' content loads when the tab is first shown (prefetched once the page is idle):
// the devices' table above all, which the profile tab does not need.
// The profile form (antd's Form and its validator, about 20 KB gzip) downloads from the page's
// mount on, behind the skeleton the tab shows while the user loads.
const ProfileForm = lazyPart(() => import('../components/profile-form'), 'ProfileForm');
const ChangePasswordForm = lazyPart(() => import('../components/change-password-form'), 'ChangePasswordForm');
const SessionsTable = lazyPart(() => import('../components/sessions-table'), 'SessionsTable');

function AccountCard({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  const name = displayName(user);

  return (
    <Card data-testid="profile-account">
      <Flex vertical align="center" gap="small" style={{ textAlign: 'center', marginBottom: token.marginLG }}>
        <AvatarUpload user={user} />
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
        <span style={{ color: token.colorTextSecondary, wordBreak: 'break-all' }}>{user.email}</span>
        <Tag color={user.is_son ? 'purple' : 'blue'} variant="filled">
          {t(user.is_son ? 'profile.subAccount' : 'profile.mainAccount')}
        </Tag>
      </Flex>
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
    </Card>
  );
}

/** The tab in the URL (`?tab=password`, the user menu's 'change password'), the profile by default. */
function useProfileTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(PROFILE_TAB_PARAM);
  const tab: ProfileTab = PROFILE_TABS.find((key) => key === asked) ?? 'basic';
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

/** /user/profile: the personal centre (avatar, nickname, password, logged-in devices). */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  const { data: user } = useCurrentUser();
  const { tab, setTab } = useProfileTab();
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
                {
                  key: 'basic',
                  label: t('profile.tabs.basic'),
                  children: user ? (
                    <ProfileForm user={user} fallback={<Skeleton active />} />
                  ) : (
                    <Skeleton active />
                  ),
                },
                {
                  key: 'password',
                  label: t('profile.tabs.password'),
                  children: user ? (
                    <ChangePasswordForm email={user.email} fallback={<Skeleton active />} />
                  ) : (
                    <Skeleton active />
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
