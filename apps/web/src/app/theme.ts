import type { ThemeConfig } from 'antd';
import { DEFAULT_THEME_COLOR } from '@cloudbay/contracts/core';

/** Spec §9: the default theme colour. */
export const PRIMARY_COLOR = DEFAULT_THEME_COLOR;

/** Height of the console's header bar. */
export const HEADER_HEIGHT = 56;
/** Height of the tags bar under it (spec §2 tags of visited views). */
export const TAGS_BAR_HEIGHT = 34;

/** The antd theme with `primary` (the settings drawer's theme colour) as the primary colour. */
export function themeFor(primary: string = PRIMARY_COLOR): ThemeConfig {
  return {
    // No hash class: the hash follows the tokens, so with it the class names would change with the
    // theme colour and no longer match the styles extracted at build time (build/antd-styles.ts).
    hashed: false,
    token: { colorPrimary: primary, colorInfo: primary, colorLink: primary },
    components: {
      Layout: {
        headerHeight: HEADER_HEIGHT,
        headerPadding: '0 16px',
        headerBg: '#ffffff',
        siderBg: '#001529',
        lightSiderBg: '#ffffff',
      },
      Menu: {
        // The dark sidebar of the console: a touch lighter than the sider for open submenus.
        darkItemBg: '#001529',
        darkSubMenuItemBg: '#000c17',
        darkItemSelectedBg: primary,
        itemMarginInline: 8,
        itemBorderRadius: 6,
      },
    },
  };
}
