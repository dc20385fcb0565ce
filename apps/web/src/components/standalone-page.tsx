import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { BrandLink } from './brand-link';

interface StandalonePageProps {
  /** Stable hook for tests (`page-home`, `page-not-found`…). */
  testId: string;
  /** Show the logo and name, linking home, in the top-left corner. */
  brand?: boolean;
  /** Shown in the top-right corner, e.g. the language switch. */
  extra?: ReactNode;
  children: ReactNode;
}

/** A full-height page outside the console shell, its content centred: the error pages. */
export function StandalonePage({ testId, brand = false, extra, children }: StandalonePageProps) {
  const { token } = theme.useToken();
  const background = token.colorBgLayout;

  return (
    <Flex vertical data-testid={testId} style={{ minHeight: '100vh', background }}>
      <Flex
        component="header"
        justify="space-between"
        align="center"
        style={{ minHeight: token.controlHeightLG + token.paddingSM * 2, padding: `0 ${token.padding}px` }}
      >
        {brand ? <BrandLink /> : <span />}
        {extra}
      </Flex>
      <Flex
        component="main"
        flex={1}
        align="center"
        justify="center"
        style={{ padding: `${token.padding}px ${token.padding}px ${token.paddingXL * 2}px` }}
      >
        {children}
      </Flex>
    </Flex>
  );
}
