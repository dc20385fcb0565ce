import { useState } from 'react';
import { App, Button, Flex, Popover, Spin, theme } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../../lib/access-rule';
import { lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { displayName, logOut } from '../../../lib/session';
import { useLiveUser } from '../use-live-user';
import { PANEL_WIDTH, UserAvatar } from './user-avatar';
import styles from './user-popover.module.css';

// The popover's panel (its links, icons and dividers) loads on demand, prefetched when idle.
const UserMenuPanel = lazyPart(() => import('./user-menu-panel'), 'UserMenuPanel');

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
  usePrefetchWhenIdle(UserMenuPanel);
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
    <UserMenuPanel
      user={user}
      onGo={go}
      onLogout={confirmLogout}
      fallback={<Spin size="small" style={{ display: 'block', width: PANEL_WIDTH }} />}
    />
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
