import { Button, Modal } from 'antd';
import type { BatchResult, Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { BatchOutcome, outcomeCounts, type OutcomeRow } from '../../../../components/batch-outcome';

export interface BatchReport {
  /** What was asked, already translated ("Restart"). */
  action: string;
  desktops: readonly Desktop[];
  result: BatchResult;
}

/** Each desktop's result with its name (the answer names only ids). */
export function resultRows(report: BatchReport): OutcomeRow[] {
  return report.result.results.map((row) => ({
    key: row.desktop_id,
    ok: row.ok,
    detail: row.message,
    name: report.desktops.find((desktop) => desktop.desktop_id === row.desktop_id)?.name ?? row.desktop_id,
  }));
}

/**
 * What a batch did on each desktop (batchResultSchema): the counts, then every desktop with its
 * outcome, the refused ones first with the server's reason.
 */
export function BatchResultDialog({
  report,
  onClose,
}: {
  report: BatchReport | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('desktops');
  const rows = report ? resultRows(report) : [];
  const { succeeded, failed } = outcomeCounts(rows);
  return (
    <Modal
      open={report !== undefined}
      title={t('list.result.title', { action: report?.action ?? '' })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="desktop-result-close">
          {t('list.result.close')}
        </Button>
      }
      width={640}
      destroyOnHidden
    >
      <BatchOutcome
        rows={rows}
        labels={{
          name: t('list.result.name'),
          outcome: t('list.result.outcome'),
          detail: t('list.result.message'),
          ok: t('list.result.ok'),
          failed: t('list.result.failed'),
        }}
        summary={{
          type: succeeded === 0 ? 'error' : 'warning',
          title: succeeded === 0 ? t('list.result.allFailed') : t('list.result.partial'),
          description: t('list.result.counts', { succeeded, failed }),
        }}
        testId="desktop-result"
      />
    </Modal>
  );
}
