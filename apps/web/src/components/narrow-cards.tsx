import type { Key, ReactNode } from 'react';
import { Flex, theme } from 'antd';

export interface NarrowCardsProps<T> {
  items: readonly T[];
  keyOf: (item: T) => Key;
  title: (item: T) => ReactNode;
  /** Beside the title, at the right (a count). */
  aside: (item: T) => ReactNode;
  /** Under the title (an id, a fingerprint). */
  details?: (item: T) => ReactNode;
  actions: (item: T) => ReactNode;
  /** The list's test id. */
  testId: string;
  cardTestId: string;
}

/**
 * A list's rows on a phone: one block per row instead of a table whose actions would cover it or be
 * off screen (policies, phone groups, key pairs).
 */
export function NarrowCards<T>({
  items,
  keyOf,
  title,
  aside,
  details,
  actions,
  testId,
  cardTestId,
}: NarrowCardsProps<T>) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="small" data-testid={testId}>
      {items.map((item) => (
        <Flex
          key={keyOf(item)}
          vertical
          gap="small"
          style={{
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: token.paddingSM,
          }}
          data-testid={cardTestId}
        >
          <Flex justify="space-between" align="flex-start" gap="small">
            <div style={{ minWidth: 0, wordBreak: 'break-word' }}>{title(item)}</div>
            <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>{aside(item)}</span>
          </Flex>
          {details?.(item)}
          {actions(item)}
        </Flex>
      ))}
    </Flex>
  );
}
