import { LoginOutlined } from '@ant-design/icons';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceRowActions, type RowActionItem } from '../../../../components/row-actions';
import { bindingPermissionsOf, keepInGroups } from '../../../../lib/sub-account-permissions';
import { isOffered, isShownTo, powerAction, type RowAction } from '../desktop-actions';

/** The "More" menu, grouped: settings, billing, system and network, then what only looks. */
const MENU_GROUPS: RowAction[][] = [
  ['edit', 'policy', 'proxy'],
  ['renew', 'spec'],
  ['rebuild', 'migrate', 'disconnect'],
  ['monitor', 'detail'],
];
const RUN_ACTIONS: RowAction[] = ['connect', 'start', 'stop', 'reboot'];

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
  const item = (action: RowAction): RowActionItem<RowAction> => ({
    id: action,
    label: t(`list.action.${action}`),
    disabled: !isOffered(desktop, action),
    danger: action === 'rebuild',
    icon: action === 'connect' ? <LoginOutlined /> : undefined,
    choice: action,
  });
  // A sub-account sees only what its binding permits (issue 21); a main account's row has no binding.
  const permissions = bindingPermissionsOf(desktop);
  const shown = (action: RowAction) => isShownTo(permissions, action);
  return (
    <ResourceRowActions
      buttons={(['connect', powerAction(desktop), 'reboot'] as const).filter(shown).map(item)}
      runItems={RUN_ACTIONS.filter(shown).map(item)}
      groups={keepInGroups(MENU_GROUPS, shown).map((group) => group.map(item))}
      compact={compact}
      onChoose={(action) => onAction(desktop, action)}
      testIdPrefix="desktop"
      texts={{ more: t('list.action.more'), actions: t('list.column.actions') }}
    />
  );
}
