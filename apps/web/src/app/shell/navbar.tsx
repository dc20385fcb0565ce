import type { ReactNode } from 'react';
import { Button, Flex, Layout, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { UserPopover } from '../../features/account/components/user-popover';
import { NoticeBell } from '../../features/notices/components/notice-bell';
import { TopupButton } from '../../features/wallet/components/topup-button';
import { getIsSon } from '../../lib/storage';
import styles from './shell.module.css';

/** The right end of the header (spec §2 top navigation bar): top-up, bell, language, user, settings. */
function NavbarActions({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Flex align="center" gap={2} className={styles.actions}>
      {/* A sub-account moves no money (issue 21): no top-up. */}
      {getIsSon() ? null : <TopupButton />}
      <NoticeBell />
      <LanguageSwitch labelClassName={styles.hideOnNarrow} />
      <UserPopover />
      <Tooltip title={t('navbar.settings')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('navbar.settings')}
          onClick={onOpenSettings}
          data-testid="settings-open"
        />
      </Tooltip>
    </Flex>
  );
}

export interface NavbarProps {
  /** The sidebar's collapse button (side layout on a desktop). */
  collapse?: { collapsed: boolean; onToggle: () => void };
  /** The phone layout's menu button, which opens the drawer. */
  onOpenDrawer?: () => void;
  /** What the header shows between its start and its actions: breadcrumb, logo, top menu. */
  children?: ReactNode;
  onOpenSettings: () => void;
}

/** The header bar of the console. */
export function Navbar({ collapse, onOpenDrawer, children, onOpenSettings }: NavbarProps) {
  const { t } = useTranslation('shell');
  return (
    <Layout.Header className={styles.header} data-testid="navbar">
      {onOpenDrawer ? (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('navbar.openMenu')}
          onClick={onOpenDrawer}
          className={styles.headerButton}
          data-testid="mobile-menu-open"
        />
      ) : null}
      {collapse ? (
        <Button
          type="text"
          icon={collapse.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={t(collapse.collapsed ? 'navbar.expand' : 'navbar.collapse')}
          aria-expanded={!collapse.collapsed}
          onClick={collapse.onToggle}
          className={styles.headerButton}
          data-testid="sidebar-toggle"
        />
      ) : null}
      <div className={styles.headerMain}>{children}</div>
      <NavbarActions onOpenSettings={onOpenSettings} />
    </Layout.Header>
  );
}
