import { Avatar, Dropdown, Flex, theme, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLink } from '../components/brand-link';
import { LanguageSwitch } from '../components/language-switch';
import { HOME_PATH } from '../lib/access-rule';
import { displayName, logOut, useCurrentUser } from '../lib/session';
import styles from './console-frame.module.css';

/** The user's name and balance, with the way to the profile and out (spec §2 top bar, in small). */
function UserMenu() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const name = displayName(user);

  const items: MenuProps['items'] = [
    {
      key: 'summary',
      disabled: true,
      style: { cursor: 'default' },
      label: (
        <Flex vertical gap={2} style={{ minWidth: 180, paddingBlock: token.paddingXXS }}>
          <span style={{ color: token.colorText, fontWeight: token.fontWeightStrong }}>{name}</span>
          {user?.nickname ? (
            <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{user.email}</span>
          ) : null}
          <span style={{ color: token.colorTextSecondary }} data-testid="user-menu-balance">
            <WalletOutlined /> {t('session.balance')}{' '}
            <strong style={{ color: token.colorText }}>${user?.balance ?? '0.00'}</strong>
          </span>
        </Flex>
      ),
    },
    { type: 'divider' },
    { key: 'profile', icon: <UserOutlined />, label: t('session.profile') },
    { key: 'logout', icon: <LogoutOutlined />, label: t('session.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate('/user/profile');
    if (key === 'logout') {
      void logOut()
        .catch(() => undefined)
        .then(() => navigate(HOME_PATH));
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button
        type="button"
        aria-label={t('session.menuLabel')}
        data-testid="user-menu"
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: token.marginXS,
          height: token.controlHeight,
          padding: `0 ${token.paddingXS}px`,
          border: 0,
          borderRadius: token.borderRadius,
          background: 'transparent',
          color: token.colorText,
          cursor: 'pointer',
          font: 'inherit',
        }}
      >
        <Avatar size="small" src={user?.avatar || undefined} style={{ background: token.colorPrimary }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span
          className={styles.hideOnPhone}
          style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          data-testid="user-menu-name"
        >
          {name}
        </span>
        <DownOutlined
          className={styles.hideOnPhone}
          style={{ fontSize: 10, color: token.colorTextSecondary }}
        />
      </button>
    </Dropdown>
  );
}

/**
 * The signed-in frame around /index and /user/profile until the console shell exists: a top bar
 * with the brand, the language switch and the user menu, and the page below it.
 */
export function ConsoleFrame() {
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          background: token.colorBgContainer,
          borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex justify="space-between" align="center" gap="small" className={styles.bar}>
          <BrandLink to={HOME_PATH} />
          <Flex align="center" gap={4}>
            <LanguageSwitch labelClassName={styles.hideOnPhone} />
            <UserMenu />
          </Flex>
        </Flex>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
    </Flex>
  );
}
