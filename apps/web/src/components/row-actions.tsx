import type { ReactNode } from 'react';
import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { DownOutlined, EllipsisOutlined } from '@ant-design/icons';

/** One of a resource row's actions, as a link button in the row or an item of its menu. */
export interface RowActionItem<C> {
  /** Unique in the row: the menu key, and the test ids `<prefix>-<id>` (button), `<prefix>-action-<id>` (menu item). */
  id: string;
  /** Already translated. */
  label: ReactNode;
  /** Not offered now (the resource's state). */
  disabled: boolean;
  /** Destroys data (a reinstall, a reset). */
  danger?: boolean;
  /** A button's icon. */
  icon?: ReactNode;
  /** A button's call is on its way. */
  loading?: boolean;
  /** What the page is told when it is chosen. */
  choice: C;
}

export interface ResourceRowActionsProps<C> {
  /** The link buttons of a wide screen (connect, the power button, restart), then "More". */
  buttons: readonly RowActionItem<C>[];
  /** The compact menu's first group: what the buttons offer, both power states included. */
  runItems: readonly RowActionItem<C>[];
  /** The "More" menu's groups, divided; on a narrow screen they follow `runItems` in one menu. */
  groups: readonly (readonly RowActionItem<C>[])[];
  /** One menu instead of the buttons, so the column stays narrow. */
  compact: boolean;
  onChoose: (choice: C) => void;
  /** The resource's test id prefix ('desktop', 'phone'). */
  testIdPrefix: string;
  texts: { more: string; actions: string };
}

function menuOf<C>(
  groups: readonly (readonly RowActionItem<C>[])[],
  testIdPrefix: string,
  onChoose: (choice: C) => void,
): MenuProps {
  const items: MenuProps['items'] = groups.flatMap((group, index) => [
    ...(index > 0 ? [{ type: 'divider' as const, key: `divider-${index}` }] : []),
    ...group.map((item) => ({
      key: item.id,
      disabled: item.disabled,
      danger: item.danger,
      label: <span data-testid={`${testIdPrefix}-action-${item.id}`}>{item.label}</span>,
    })),
  ]);
  const choices = new Map(groups.flat().map((item) => [item.id, item.choice]));
  return { items, onClick: ({ key }) => onChoose(choices.get(key)!) };
}

/**
 * A resource row's (or card's) actions, each enabled as the resource's state allows: link buttons
 * and a "More" menu on a wide screen, all of them in one menu on a narrow one.
 */
export function ResourceRowActions<C>({
  buttons,
  runItems,
  groups,
  compact,
  onChoose,
  testIdPrefix,
  texts,
}: ResourceRowActionsProps<C>) {
  if (compact) {
    return (
      <Dropdown
        menu={menuOf([runItems, ...groups], testIdPrefix, onChoose)}
        trigger={['click']}
        placement="bottomRight"
      >
        <Button
          size="small"
          icon={<EllipsisOutlined />}
          aria-label={texts.actions}
          data-testid={`${testIdPrefix}-actions`}
        />
      </Dropdown>
    );
  }
  return (
    <Flex align="center" gap={0} wrap={false}>
      {buttons.map((item) => (
        <Button
          key={item.id}
          type="link"
          size="small"
          style={{ paddingInline: 4 }}
          disabled={item.disabled}
          loading={item.loading}
          icon={item.icon}
          onClick={() => onChoose(item.choice)}
          data-testid={`${testIdPrefix}-${item.id}`}
        >
          {item.label}
        </Button>
      ))}
      <Dropdown menu={menuOf(groups, testIdPrefix, onChoose)} trigger={['click']} placement="bottomRight">
        <Button type="link" size="small" style={{ paddingInline: 4 }} data-testid={`${testIdPrefix}-more`}>
          {texts.more} <DownOutlined />
        </Button>
      </Dropdown>
    </Flex>
  );
}
