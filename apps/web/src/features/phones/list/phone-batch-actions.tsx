import type { ReactNode } from 'react';
import {
  FolderOutlined,
  PlayCircleOutlined,
  PoweroffOutlined,
  RedoOutlined,
  SwapOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BatchActions } from '../../../components/batch-actions';
import { PHONE_BATCH_ACTIONS, PHONE_DIALOG_ENTRIES, type PhoneBatchAction } from './phone-actions';

const ICONS: Record<PhoneBatchAction, ReactNode> = {
  start: <PlayCircleOutlined />,
  stop: <PoweroffOutlined />,
  restart: <RedoOutlined />,
  reset: <UndoOutlined />,
  group: <FolderOutlined />,
};
/** The icons of PHONE_DIALOG_ENTRIES offered on a selection, by their key. */
const ENTRY_ICONS: Partial<Record<string, ReactNode>> = { replace: <SwapOutlined /> };

/** The phones' batch actions: the run actions, the group move, and the other parts' batch dialogs. */
export function PhoneBatchActions({
  selectedCount,
  onAction,
  onClear,
}: {
  selectedCount: number;
  /** A run action or the group move, or `dialog:<key>` for an entry of PHONE_DIALOG_ENTRIES. */
  onAction: (action: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('phones');
  return (
    <BatchActions<string>
      items={[
        ...PHONE_BATCH_ACTIONS.map((action) => ({
          key: action,
          label: t(`list.action.${action}`),
          icon: ICONS[action],
          danger: action === 'reset',
        })),
        ...PHONE_DIALOG_ENTRIES.filter((entry) => entry.batch).map((entry) => ({
          key: `dialog:${entry.key}`,
          label: entry.label(),
          icon: ENTRY_ICONS[entry.key] ?? null,
        })),
      ]}
      selectedCount={selectedCount}
      onAction={onAction}
      onClear={onClear}
      texts={{
        menu: t('list.batch.menu'),
        hint: t('list.batch.hint'),
        selected: t('list.selectedCount', { count: selectedCount }),
        clear: t('list.batch.clear'),
      }}
      testIdPrefix="phone"
    />
  );
}
