import type { ReactNode } from 'react';
import { Button, Divider, Flex, theme } from 'antd';
import {
  LockOutlined,
  LogoutOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { User } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { isAvailablePath } from '../../../lib/available-routes';
import { formatDollars } from '../../../lib/money';
import { displayName } from '../../../lib/session';
import { TOPUPS_PATH } from '../../wallet/paths';
import { profileLink } from '../paths';
import { PANEL_WIDTH, UserAvatar } from './user-avatar';
import styles from './user-popover.module.css';

function MenuLink({
  icon,
  children,
  onClick,
  testId,
  danger,
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
  testId: string;
  danger?: boolean;
}) {
  return (
    <Button
      type="text"
      block
      danger={danger}
      icon={icon}
      onClick={onClick}
      style={{ justifyContent: 'flex-start' }}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** Who is signed in, with the balance. */
function Summary({ user }: { user: User | undefined }) {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="small">
      <Flex align="center" gap="small" style={{ minWidth: 0 }}>
        <UserAvatar user={user} size={40} />
        <Flex vertical style={{ minWidth: 0 }}>
          <strong className={styles.ellipsis} style={{ color: token.colorTextHeading }}>
            {displayName(user)}
          </strong>
          {user?.nickname ? (
            <span
              className={styles.ellipsis}
              style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}
            >
              {user.email}
            </span>
          ) : null}
        </Flex>
      </Flex>
      {/* A sub-account has no balance of its own (it spends only its main account's, within a cap). */}
      {user?.is_son ? null : (
        <Flex
          justify="space-between"
          align="center"
          style={{
            padding: `${token.paddingXS}px ${token.paddingSM}px`,
            borderRadius: token.borderRadius,
            background: token.colorFillQuaternary,
          }}
        >
          <span style={{ color: token.colorTextSecondary }}>
            <WalletOutlined /> {t('userMenu.balance')}
          </span>
          <strong
            style={{ fontSize: token.fontSizeLG, color: token.colorTextHeading }}
            data-testid="user-menu-balance"
          >
            {formatDollars(user?.balance ?? '0.00')}
          </strong>
        </Flex>
      )}
    </Flex>
  );
}

export interface UserMenuPanelProps {
  user: User | undefined;
  /** Closes the popover and goes to `path`. */
  onGo: (path: string) => void;
  onLogout: () => void;
}

/** The user menu's panel: who is signed in and the balance, the links, and logging out. */
export function UserMenuPanel({ user, onGo: go, onLogout: confirmLogout }: UserMenuPanelProps) {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ width: PANEL_WIDTH, maxWidth: 'calc(100vw - 32px)' }} data-testid="user-popover">
      <Summary user={user} />
      <Divider style={{ margin: `${token.marginSM}px 0 ${token.marginXS}px` }} />
      {isAvailablePath(TOPUPS_PATH) ? (
        <MenuLink icon={<UnorderedListOutlined />} onClick={() => go(TOPUPS_PATH)} testId="user-menu-topups">
          {t('userMenu.topups')}
        </MenuLink>
      ) : null}
      <MenuLink icon={<UserOutlined />} onClick={() => go(profileLink())} testId="user-menu-profile">
        {t('userMenu.profile')}
      </MenuLink>
      <MenuLink
        icon={<LockOutlined />}
        onClick={() => go(profileLink('password'))}
        testId="user-menu-password"
      >
        {t('userMenu.password')}
      </MenuLink>
      <Divider style={{ margin: `${token.marginXS}px 0` }} />
      <MenuLink icon={<LogoutOutlined />} onClick={confirmLogout} testId="user-menu-logout" danger>
        {t('userMenu.logout')}
      </MenuLink>
    </Flex>
  );
}
