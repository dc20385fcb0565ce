import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { useDangerConfirm } from '../../shared/use-danger-confirm';
import { useRemoveLogs, type LogKind } from '../api/logs-api';

export interface LogRemoveActionsProps {
  kind: LogKind;
  /** The rows ticked in the table. */
  selected: readonly number[];
  /** Called once the server has deleted (the selection is gone). */
  onRemoved: () => void;
  /** The remove permission of this log (RuoYi: monitor:operlog:remove, monitor:logininfor:remove). */
  permission: string;
}

/** Delete the ticked entries and Clean (empty the log), each behind a confirmation. */
export function LogRemoveActions({ kind, selected, onRemoved, permission }: LogRemoveActionsProps) {
  const { t } = useTranslation('monitorLogs');
  const ask = useDangerConfirm();
  const remove = useRemoveLogs(kind);

  const confirm = (target: readonly number[] | 'clean') =>
    ask(
      {
        title:
          target === 'clean' ? t('remove.cleanTitle') : t('remove.deleteTitle', { count: target.length }),
        content: target === 'clean' ? t('remove.cleanContent') : t('remove.deleteContent'),
        okText: t('remove.confirm'),
        cancelText: t('remove.cancel'),
        done: (answer) => t('remove.done', { count: answer.deleted }),
        okTestId: `${kind}-remove-ok`,
      },
      () =>
        remove.mutateAsync(target).then((answer) => {
          onRemoved();
          return answer;
        }),
    );

  return (
    <HasPermi value={[permission]}>
      <Button
        danger
        disabled={selected.length === 0}
        onClick={() => confirm(selected)}
        data-testid={`${kind}-delete`}
      >
        {t('remove.delete')}
      </Button>
      <Button danger onClick={() => confirm('clean')} data-testid={`${kind}-clean`}>
        {t('remove.clean')}
      </Button>
    </HasPermi>
  );
}
