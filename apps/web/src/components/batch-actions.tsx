import type { ReactNode } from 'react';
import { Button, Dropdown, Flex, theme } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useIsMobile } from '../lib/use-is-mobile';

/** One batch action as the toolbar shows it. */
export interface BatchActionItem<A extends string> {
  key: A;
  /** Translated. */
  label: string;
  icon: ReactNode;
  /** Destroys something (a reinstall, a factory reset). */
  danger?: boolean;
}

export interface BatchActionsProps<A extends string> {
  items: readonly BatchActionItem<A>[];
  /** How many rows are selected. */
  selectedCount: number;
  onAction: (action: A) => void;
  onClear: () => void;
  /** The toolbar's words in the product's terms. */
  texts: { menu: string; hint: string; selected: string; clear: string };
  /** `desktop` → desktop-batch, desktop-batch-start, desktop-batch-menu, desktop-batch-count. */
  testIdPrefix: string;
}

/**
 * The selection's batch actions above a list: disabled until a row is selected (spec §5 "a
 * selection is required before batch actions"), with the count and a way to clear it. On a narrow
 * screen the actions are one menu, so the toolbar stays one line.
 */
export function BatchActions<A extends string>({
  items,
  selectedCount,
  onAction,
  onClear,
  texts,
  testIdPrefix,
}: BatchActionsProps<A>) {
  const { token } = theme.useToken();
  const compact = useIsMobile();
  const none = selectedCount === 0;
  return (
    <Flex align="center" gap="small" wrap data-testid={`${testIdPrefix}-batch`}>
      {compact ? (
        <Dropdown
          disabled={none}
          trigger={['click']}
          menu={{
            items: items.map((item) => ({
              key: item.key,
              icon: item.icon,
              danger: item.danger,
              label: <span data-testid={`${testIdPrefix}-batch-${item.key}`}>{item.label}</span>,
            })),
            onClick: ({ key }) => onAction(key as A),
          }}
        >
          <Button disabled={none} data-testid={`${testIdPrefix}-batch-menu`}>
            {texts.menu} <DownOutlined />
          </Button>
        </Dropdown>
      ) : (
        items.map((item) => (
          <Button
            key={item.key}
            icon={item.icon}
            disabled={none}
            danger={item.danger}
            onClick={() => onAction(item.key)}
            data-testid={`${testIdPrefix}-batch-${item.key}`}
          >
            {item.label}
          </Button>
        ))
      )}
      {/* On a phone the disabled menu says enough; the hint would push the toolbar to a second line. */}
      {none && compact ? null : (
        <span style={{ color: token.colorTextSecondary }} data-testid={`${testIdPrefix}-batch-count`}>
          {none ? texts.hint : texts.selected}
        </span>
      )}
      {none ? null : (
        <Button type="link" size="small" onClick={onClear} style={{ paddingInline: 0 }}>
          {texts.clear}
        </Button>
      )}
    </Flex>
  );
}
