import type { ComponentType } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  BellOutlined,
  CloudOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  LinkOutlined,
  MobileOutlined,
  MonitorOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/** Icon names of the menu data (menus.icon) and the @ant-design/icons they stand for. */
const ICONS: Readonly<Record<string, ComponentType>> = {
  api: ApiOutlined,
  bell: BellOutlined,
  cloud: CloudOutlined,
  dashboard: DashboardOutlined,
  desktop: DesktopOutlined,
  documentation: FileTextOutlined,
  gift: GiftOutlined,
  global: GlobalOutlined,
  home: HomeOutlined,
  link: LinkOutlined,
  mobile: MobileOutlined,
  monitor: MonitorOutlined,
  peoples: TeamOutlined,
  screen: FundProjectionScreenOutlined,
  setting: SettingOutlined,
  shopping: ShoppingCartOutlined,
  system: SettingOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
  wallet: WalletOutlined,
};

/** The icon names menus may use (the menu page's icon picker offers these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

/**
 * The icon of a menu entry. A top-level entry always has one (a generic one when the name is
 * unknown), so the collapsed sidebar never shows an empty slot; nested entries only show theirs.
 */
export function menuIcon(name: string | null, topLevel: boolean) {
  const Icon = (name ? ICONS[name] : undefined) ?? (topLevel ? AppstoreOutlined : undefined);
  return Icon ? <Icon /> : undefined;
}
