import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { PageTitle } from './page-title';

export interface PageHeadingProps {
  title: ReactNode;
  /** One line under the title saying what the page is for. */
  subtitle: ReactNode;
  /** The page's main action (e.g. a primary button), at the right of the heading. */
  extra?: ReactNode;
}

/** A page's title with its subtitle, and its main action beside them when it has one. */
export function PageHeading({ title, subtitle, extra }: PageHeadingProps) {
  const { token } = theme.useToken();
  const heading = (
    <Flex vertical gap={4}>
      <PageTitle>{title}</PageTitle>
      <span style={{ color: token.colorTextSecondary }}>{subtitle}</span>
    </Flex>
  );
  if (!extra) return heading;
  return (
    <Flex justify="space-between" align="flex-end" gap="small" wrap>
      {heading}
      {extra}
    </Flex>
  );
}
