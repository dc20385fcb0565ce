import type { ReactNode } from 'react';
import {
  PlayCircleOutlined,
  PoweroffOutlined,
  RedoOutlined,
  SwapOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { BatchActions as SharedBatchActions } from '../../../../components/batch-actions';
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

/** The desktops' batch actions (the shared toolbar in the desktops' words). */
export function BatchActions({ selected, onAction, onClear }: BatchActionsProps) {
  const { t } = useTranslation('desktops');
  return (
    <SharedBatchActions
      items={BATCH_ACTIONS.map((action) => ({
        key: action,
        label: t(`list.batch.${action}`),
        icon: ICONS[action],
        danger: action === 'rebuild',
      }))}
      selectedCount={selected.length}
      onAction={onAction}
      onClear={onClear}
      texts={{
        menu: t('list.batch.menu'),
        hint: t('list.batch.hint'),
        selected: t('list.selectedCount', { count: selected.length }),
        clear: t('list.batch.clear'),
      }}
      testIdPrefix="desktop"
    />
  );
}
