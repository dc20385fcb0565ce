import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '@cloudbay/contracts/core';
import { currentLanguage } from '../lib/i18n';
import { useLayoutSettings } from '../lib/layout-settings';
import { onSessionEnd } from '../lib/storage';
import { themeFor } from './theme';

const ANTD_LOCALES: Record<Language, Locale> = { 'zh-CN': zhCN, 'en-US': enUS };

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The request client already tells the user about every failure; a retry would tell them twice.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * antd theme (its primary colour from the layout settings) and locale, antd's <App> context
 * (message, notification, modal) and React Query.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { themeColor } = useLayoutSettings();
  // In a build antd's component styles come from the stylesheet made at build time
  // (virtual:antd-styles.css), so antd stops generating them; only its token variables stay live.
  const theme = useMemo(() => ({ ...themeFor(themeColor), zeroRuntime: import.meta.env.PROD }), [themeColor]);
  // What was fetched for the user whose session ended must not show for the next one.
  useEffect(() => onSessionEnd(() => queryClient.clear()), [queryClient]);
  return (
    // The language only changes through a reload (setLanguage), so reading it once per render is enough.
    <ConfigProvider locale={ANTD_LOCALES[currentLanguage()]} theme={theme}>
      <AntApp className="app-root">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
