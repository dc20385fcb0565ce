import { useState, type ReactNode } from 'react';
import { App, Avatar, Button, Divider, Flex, Popover, theme } from 'antd';
import {
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { User } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../../lib/access-rule';
import { isAvailablePath } from '../../../lib/available-routes';
import { formatDollars } from '../../../lib/money';
import { displayName, logOut } from '../../../lib/session';
import { TOPUPS_PATH } from '../../wallet/paths';
import { profileLink } from '../paths';
import { useLiveUser } from '../use-live-user';
import styles from './user-popover.module.css';

function UserAvatar({ user, size }: { user: User | undefined; size: number }) {
  const { token } = theme.useToken();
  return (
    <Avatar
      size={size}
      src={user?.avatar || undefined}
      style={{ background: token.colorPrimary, flex: 'none' }}
      alt=""
    >
      {displayName(user).slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

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
    </Flex>
  );
}

/**
 * The top bar's user menu (spec §2): avatar and nickname; the popover shows the name, e-mail and
 * balance, and leads to the spending records, the profile, the password form and out. The balance
 * follows other tabs and refreshes when the window regains focus (spec §9).
 */
export function UserPopover() {
  const { t } = useTranslation('account');
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: user } = useLiveUser();
  const [open, setOpen] = useState(false);
  const name = displayName(user);

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  const confirmLogout = () => {
    setOpen(false);
    modal.confirm({
      title: t('userMenu.logoutConfirm'),
      content: t('userMenu.logoutContent'),
      okText: t('userMenu.logoutOk'),
      okButtonProps: { danger: true, 'data-testid': 'logout-confirm' },
      // The session ends on this device whatever the server answers; the guard then asks for a login.
      onOk: () =>
        logOut()
          .catch(() => undefined)
          .then(() => navigate(HOME_PATH)),
    });
  };

  const content = (
    <Flex vertical style={{ width: 264, maxWidth: 'calc(100vw - 32px)' }} data-testid="user-popover">
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

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      content={content}
      arrow={false}
    >
      <Button
        type="text"
        aria-label={t('userMenu.label')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="user-menu"
        style={{ paddingInline: token.paddingXS }}
      >
        <Flex align="center" gap="small">
          <UserAvatar user={user} size={28} />
          <span
            className={`${styles.ellipsis} ${styles.hideOnPhone}`}
            style={{ maxWidth: 160 }}
            data-testid="user-menu-name"
          >
            {name}
          </span>
          <DownOutlined
            className={styles.hideOnPhone}
            style={{ fontSize: 10, color: token.colorTextSecondary }}
          />
        </Flex>
      </Button>
    </Popover>
  );
}
