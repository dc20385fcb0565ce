import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';

/**
 * The frame of an open page that works outside the console shell (/phoneconnet, /proxySet): a
 * white header with the brand and the language switch, then the page's title, subtitle and content.
 */
export function OpenPageFrame({
  testId,
  title,
  subtitle,
  maxWidth = 1400,
  children,
}: {
  testId: string;
  title: string;
  subtitle: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical data-testid={testId} style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex
        component="header"
        justify="space-between"
        align="center"
        gap="small"
        style={{
          minHeight: token.controlHeightLG + token.paddingSM * 2,
          padding: `0 ${token.padding}px`,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <BrandLink />
        <LanguageSwitch />
      </Flex>
      <Flex
        component="main"
        vertical
        gap="middle"
        style={{ padding: token.padding, width: '100%', maxWidth, margin: '0 auto', boxSizing: 'border-box' }}
      >
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        {children}
      </Flex>
    </Flex>
  );
}
