import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

/** The page's one h1, in the theme's heading style. */
export function PageTitle({
  children,
  style,
  testId,
}: {
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  const { token } = theme.useToken();
  return (
    <h1
      style={{
        margin: 0,
        fontSize: token.fontSizeHeading3,
        lineHeight: token.lineHeightHeading3,
        fontWeight: token.fontWeightStrong,
        color: token.colorTextHeading,
        ...style,
      }}
      data-testid={testId}
    >
      {children}
    </h1>
  );
}
