import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { DownOutlined, EllipsisOutlined, LoginOutlined } from '@ant-design/icons';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { isOffered, powerAction, type RowAction } from '../desktop-actions';

/** The "More" menu, grouped: settings, billing, system and network, then what only looks. */
const MENU_GROUPS: RowAction[][] = [
  ['edit', 'policy'],
  ['renew', 'spec'],
  ['rebuild', 'migrate', 'disconnect'],
  ['monitor', 'detail'],
];
const RUN_ACTIONS: RowAction[] = ['connect', 'start', 'stop', 'reboot'];

function useMenu(desktop: Desktop, groups: RowAction[][], onAction: (action: RowAction) => void): MenuProps {
  const { t } = useTranslation('desktops');
  const items: MenuProps['items'] = groups.flatMap((group, index) => [
    ...(index > 0 ? [{ type: 'divider' as const, key: `divider-${index}` }] : []),
    ...group.map((action) => ({
      key: action,
      disabled: !isOffered(desktop, action),
      danger: action === 'rebuild',
      label: <span data-testid={`desktop-action-${action}`}>{t(`list.action.${action}`)}</span>,
    })),
  ]);
  return { items, onClick: ({ key }) => onAction(key as RowAction) };
}

function LinkButton({
  desktop,
  action,
  onAction,
}: {
  desktop: Desktop;
  action: RowAction;
  onAction: (action: RowAction) => void;
}) {
  const { t } = useTranslation('desktops');
  return (
    <Button
      type="link"
      size="small"
      style={{ paddingInline: 4 }}
      disabled={!isOffered(desktop, action)}
      icon={action === 'connect' ? <LoginOutlined /> : undefined}
      onClick={() => onAction(action)}
      data-testid={`desktop-${action}`}
    >
      {t(`list.action.${action}`)}
    </Button>
  );
}

/**
 * A row's actions, each enabled as the desktop's `actions` allow: connect, the power button (shut
 * down while running, else start), restart and a "More" menu; on a narrow screen all of them in
 * one menu, so the column stays narrow.
 */
export function RowActions({
  desktop,
  compact,
  onAction,
}: {
  desktop: Desktop;
  compact: boolean;
  onAction: (desktop: Desktop, action: RowAction) => void;
}) {
  const { t } = useTranslation('desktops');
  const act = (action: RowAction) => onAction(desktop, action);
  const all = useMenu(desktop, [RUN_ACTIONS, ...MENU_GROUPS], act);
  const more = useMenu(desktop, MENU_GROUPS, act);
  if (compact) {
    return (
      <Dropdown menu={all} trigger={['click']} placement="bottomRight">
        <Button
          size="small"
          icon={<EllipsisOutlined />}
          aria-label={t('list.column.actions')}
          data-testid="desktop-actions"
        />
      </Dropdown>
    );
  }
  return (
    <Flex align="center" gap={0} wrap={false}>
      <LinkButton desktop={desktop} action="connect" onAction={act} />
      <LinkButton desktop={desktop} action={powerAction(desktop)} onAction={act} />
      <LinkButton desktop={desktop} action="reboot" onAction={act} />
      <Dropdown menu={more} trigger={['click']} placement="bottomRight">
        <Button type="link" size="small" style={{ paddingInline: 4 }} data-testid="desktop-more">
          {t('list.action.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Flex>
  );
}
