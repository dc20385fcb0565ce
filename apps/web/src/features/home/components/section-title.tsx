import type { ReactNode } from 'react';
import { theme } from 'antd';

/** A home section's heading, under the page's h1. */
export function SectionTitle({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <h2
      style={{
        margin: `0 0 ${token.marginMD}px`,
        fontSize: token.fontSizeHeading4,
        lineHeight: token.lineHeightHeading4,
        fontWeight: token.fontWeightStrong,
        color: token.colorTextHeading,
      }}
    >
      {children}
    </h2>
  );
}
