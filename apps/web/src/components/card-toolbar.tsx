import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';

/** The row at the top of a list's card: its first child at the left, its last at the right; wraps when narrow. */
export function CardToolbar({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="center" gap="small" wrap style={{ marginBottom: token.marginMD }}>
      {children}
    </Flex>
  );
}
