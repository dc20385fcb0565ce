import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { BusinessResource, OperatorResourceAction } from '@cloudbay/contracts';
import { BUSINESS_RESOURCE_PERMS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../../lib/access';

export interface ActionChoice {
  resource: BusinessResource;
  action: OperatorResourceAction;
}

/** The permission each action needs, and its group in the menu (power, then term, then release). */
const ACTION_PERMS: Record<OperatorResourceAction, string> = {
  start: BUSINESS_RESOURCE_PERMS.operate,
  stop: BUSINESS_RESOURCE_PERMS.operate,
  force_stop: BUSINESS_RESOURCE_PERMS.operate,
  reconcile: BUSINESS_RESOURCE_PERMS.operate,
  extend: BUSINESS_RESOURCE_PERMS.extend,
  release: BUSINESS_RESOURCE_PERMS.release,
};
const GROUPS: readonly (readonly OperatorResourceAction[])[] = [
  ['start', 'stop', 'force_stop'],
  ['extend', 'reconcile'],
  ['release'],
];
const DANGER = new Set<OperatorResourceAction>(['force_stop', 'release']);

/** The operator's actions on a resource: those they hold the permission for, enabled as the engine allows now. */
function usePermittedGroups() {
  const { hasPermi } = useAccess();
  return GROUPS.map((group) => group.filter((action) => hasPermi(ACTION_PERMS[action]))).filter(
    (group) => group.length > 0,
  );
}

/**
 * A resource's operations: a "More" menu in a list row, a row of buttons in its details. Actions
 * its state does not allow are shown disabled (the operator sees why nothing happens).
 */
export function ResourceOperations({
  resource,
  onChoose,
  mode,
}: {
  resource: BusinessResource;
  onChoose: (choice: ActionChoice) => void;
  mode: 'menu' | 'buttons';
}) {
  const { t } = useTranslation('businessResource');
  const groups = usePermittedGroups();
  if (groups.length === 0) return null;
  const allowed = (action: OperatorResourceAction) => resource.actions.includes(action);
  if (mode === 'buttons') {
    return (
      <Flex gap="small" wrap data-testid="resource-detail-actions">
        {groups.flat().map((action) => (
          <Button
            key={action}
            danger={DANGER.has(action)}
            disabled={!allowed(action)}
            onClick={() => onChoose({ resource, action })}
            data-testid={`resource-detail-${action}`}
          >
            {t(`action.${action}`)}
          </Button>
        ))}
      </Flex>
    );
  }
  const items: MenuProps['items'] = groups.flatMap((group, index) => [
    ...(index > 0 ? [{ type: 'divider' as const, key: `divider-${index}` }] : []),
    ...group.map((action) => ({
      key: action,
      disabled: !allowed(action),
      danger: DANGER.has(action),
      label: <span data-testid={`resource-action-${action}`}>{t(`action.${action}`)}</span>,
    })),
  ]);
  return (
    <Dropdown
      menu={{ items, onClick: ({ key }) => onChoose({ resource, action: key as OperatorResourceAction }) }}
      trigger={['click']}
      placement="bottomRight"
    >
      <Button type="link" size="small" style={{ paddingInline: 4 }} data-testid="resource-more">
        {t('action.more')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
