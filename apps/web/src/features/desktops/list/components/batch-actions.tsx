import type { ReactNode } from 'react';
import { Button, Dropdown, Flex, theme } from 'antd';
import {
  DownOutlined,
  PlayCircleOutlined,
  PoweroffOutlined,
  RedoOutlined,
  SwapOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { BATCH_ACTIONS, type BatchAction } from '../desktop-actions';

const ICONS: Record<BatchAction, ReactNode> = {
  start: <PlayCircleOutlined />,
  stop: <PoweroffOutlined />,
  reboot: <RedoOutlined />,
  rebuild: <ToolOutlined />,
  migrate: <SwapOutlined />,
};

interface BatchActionsProps {
  selected: readonly Desktop[];
  onAction: (action: BatchAction) => void;
  onClear: () => void;
}

/** On a narrow screen the batch actions are one menu, so the toolbar stays one line. */
function BatchMenu({ disabled, onAction }: { disabled: boolean; onAction: (action: BatchAction) => void }) {
  const { t } = useTranslation('desktops');
  return (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        items: BATCH_ACTIONS.map((action) => ({
          key: action,
          icon: ICONS[action],
          danger: action === 'rebuild',
          label: <span data-testid={`desktop-batch-${action}`}>{t(`list.batch.${action}`)}</span>,
        })),
        onClick: ({ key }) => onAction(key as BatchAction),
      }}
    >
      <Button disabled={disabled} data-testid="desktop-batch-menu">
        {t('list.batch.menu')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * The selection's batch actions above the table: disabled until a desktop is selected (spec §5 "a
 * selection is required before batch actions"), with the count and a way to clear it.
 */
export function BatchActions({ selected, onAction, onClear }: BatchActionsProps) {
  const { t } = useTranslation('desktops');
  const { token } = theme.useToken();
  const compact = useIsMobile();
  const none = selected.length === 0;
  return (
    <Flex align="center" gap="small" wrap data-testid="desktop-batch">
      {compact ? (
        <BatchMenu disabled={none} onAction={onAction} />
      ) : (
        BATCH_ACTIONS.map((action) => (
          <Button
            key={action}
            icon={ICONS[action]}
            disabled={none}
            danger={action === 'rebuild'}
            onClick={() => onAction(action)}
            data-testid={`desktop-batch-${action}`}
          >
            {t(`list.batch.${action}`)}
          </Button>
        ))
      )}
      {/* On a phone the disabled menu says enough; the hint would push the toolbar to a second line. */}
      {none && compact ? null : (
        <span style={{ color: token.colorTextSecondary }} data-testid="desktop-batch-count">
          {none ? t('list.batch.hint') : t('list.selectedCount', { count: selected.length })}
        </span>
      )}
      {none ? null : (
        <Button type="link" size="small" onClick={onClear} style={{ paddingInline: 0 }}>
          {t('list.batch.clear')}
        </Button>
      )}
    </Flex>
  );
}
