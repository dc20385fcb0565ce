import type { ThemeConfig } from 'antd';

/** Spec §9: the default theme colour. */
export const PRIMARY_COLOR = '#2395FF';

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR },
};
