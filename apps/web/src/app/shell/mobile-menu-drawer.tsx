import { Drawer } from 'antd';
import { SIDEBAR_WIDTH } from '@cloudbay/contracts/core';
import { Sidebar, type SidebarProps } from './sidebar';
import styles from './shell.module.css';

export interface MobileMenuDrawerProps extends Pick<
  SidebarProps,
  'entries' | 'selectedKey' | 'trailKeys' | 'theme'
> {
  open: boolean;
  onClose: () => void;
}

/** Below 992 px the sidebar is this drawer, opened from the header's menu button. */
export function MobileMenuDrawer({ open, onClose, ...sidebar }: MobileMenuDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={SIDEBAR_WIDTH}
      closable={false}
      classNames={{ body: styles.drawerBody }}
      data-testid="mobile-menu"
    >
      <Sidebar {...sidebar} collapsed={false} showLogo inDrawer />
    </Drawer>
  );
}
