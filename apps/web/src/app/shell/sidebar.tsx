import { memo } from 'react';
import { Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_WIDTH } from '@cloudbay/contracts/core';
import type { SideTheme } from '../../lib/layout-settings';
import { NavMenu } from './nav-menu';
import type { MenuEntry } from './menu';
import { ShellLogo } from './shell-logo';
import styles from './shell.module.css';

/** Width of the collapsed sidebar: its icons alone. */
export const SIDEBAR_COLLAPSED_WIDTH = 64;

export interface SidebarProps {
  entries: readonly MenuEntry[];
  selectedKey: string | undefined;
  trailKeys: readonly string[];
  theme: SideTheme;
  collapsed: boolean;
  showLogo: boolean;
  /** Where the collapse button sits: the header has it in the side layout, the sidebar's foot in the mixed one. */
  onCollapse?: (collapsed: boolean) => void;
  /** Inside the phone drawer: full width, never collapsed, not sticky. */
  inDrawer?: boolean;
}

/**
 * The sidebar (spec §2): logo, then the menu; 220 px, 64 px collapsed. Memoised: the shell
 * re-renders as its data arrives (the user, the tags), and the menu is its largest part.
 */
export const Sidebar = memo(function Sidebar({
  entries,
  selectedKey,
  trailKeys,
  theme,
  collapsed,
  showLogo,
  onCollapse,
  inDrawer = false,
}: SidebarProps) {
  const { t } = useTranslation('shell');
  const dark = theme === 'dark';
  return (
    <Layout.Sider
      theme={theme}
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      className={inDrawer ? styles.drawerSider : styles.sider}
      data-testid="sidebar"
      data-collapsed={collapsed}
    >
      <div className={styles.siderBody}>
        {showLogo ? (
          <div className={styles.siderLogo} data-dark={dark || undefined}>
            <ShellLogo dark={dark} collapsed={collapsed} />
          </div>
        ) : null}
        <div className={styles.siderMenu}>
          <NavMenu
            entries={entries}
            mode="inline"
            theme={theme}
            selectedKey={selectedKey}
            trailKeys={trailKeys}
            collapsed={collapsed}
          />
        </div>
        {onCollapse ? (
          <button
            type="button"
            className={styles.siderTrigger}
            data-dark={dark || undefined}
            onClick={() => onCollapse(!collapsed)}
            aria-label={t(collapsed ? 'navbar.expand' : 'navbar.collapse')}
            aria-expanded={!collapsed}
            data-testid="sidebar-toggle"
          >
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </button>
        ) : null}
      </div>
    </Layout.Sider>
  );
});
