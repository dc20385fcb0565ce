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
  /** The list's test id; each card is `{testId}-card`. */
  testId: string;
}

/** Phones: one block per row instead of a table whose actions would cover it or be off screen. */
export function NarrowCards<T>({
  items,
  keyOf,
  title,
  aside,
  details,
  actions,
  testId,
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
          data-testid={`${testId}-card`}
        >
          <Flex justify="space-between" align="flex-start" gap="small">
            <span style={{ wordBreak: 'break-word', fontWeight: token.fontWeightStrong }}>{title(item)}</span>
            <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>{aside(item)}</span>
          </Flex>
          {details ? <div style={{ color: token.colorTextSecondary }}>{details(item)}</div> : null}
          {actions(item)}
        </Flex>
      ))}
    </Flex>
  );
}
