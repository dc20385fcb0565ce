import { useEffect } from 'react';
import { Button, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../lib/lazy-part';
import type { OutcomeRow } from './batch-outcome';
import { outcomeCounts, type BatchReport } from './batch-report';

// The lists import this module with their actions; the outcome (antd Alert, a table) shows only in
// the open dialog, so it downloads when the dialog mounts, antd's skeleton in its place meanwhile.
const BatchOutcome = lazyPart(() => import('./batch-outcome'), 'BatchOutcome');

// The report's rows and their helper live in batch-report.ts (the lists' actions import them
// without the dialog); re-exported for those that import them from here.
export { batchReportRows, type BatchReport, type BatchReportRow } from './batch-report';

/** The dialog's words, in the product's terms ("部分云电脑操作失败", "成功 1 台"). */
export interface BatchResultTexts {
  title: (action: string) => string;
  partial: string;
  allFailed: string;
  counts: (succeeded: number, failed: number) => string;
  name: string;
  outcome: string;
  ok: string;
  failed: string;
  message: string;
  close: string;
}

/** The dialog's words from a list's namespace; the desktops' and the phones' name them alike (`list.result.*`). */
export function useBatchResultTexts(namespace: 'desktops' | 'phones'): BatchResultTexts {
  const { t } = useTranslation(namespace as 'desktops');
  return {
    title: (action) => t('list.result.title', { action }),
    partial: t('list.result.partial'),
    allFailed: t('list.result.allFailed'),
    counts: (succeeded, failed) => t('list.result.counts', { succeeded, failed }),
    name: t('list.result.name'),
    outcome: t('list.result.outcome'),
    ok: t('list.result.ok'),
    failed: t('list.result.failed'),
    message: t('list.result.message'),
    close: t('list.result.close'),
  };
}

/** The dialog in a resource list's words (`useBatchResultTexts`), as `useBatchReport` loads it. */
export function ListBatchResultDialog({
  namespace,
  ...props
}: {
  report: BatchReport | undefined;
  onClose: () => void;
  namespace: 'desktops' | 'phones';
  testIdPrefix: string;
}) {
  return <BatchResultDialog {...props} texts={useBatchResultTexts(namespace)} />;
}

/**
 * What a batch did on each resource: the counts, then every resource with its outcome, the refused
 * ones first with the server's reason.
 */
export function BatchResultDialog({
  report,
  onClose,
  texts,
  testIdPrefix,
}: {
  report: BatchReport | undefined;
  onClose: () => void;
  texts: BatchResultTexts;
  /** `desktop` → desktop-result-summary, desktop-result-table, desktop-result-close. */
  testIdPrefix: string;
}) {
  const rows: OutcomeRow[] = (report?.rows ?? []).map((row) => ({
    key: row.id,
    name: row.name,
    ok: row.ok,
    detail: row.message,
  }));
  const { succeeded, failed } = outcomeCounts(rows);
  useEffect(() => BatchOutcome.prefetch(), []);
  return (
    <Modal
      open={report !== undefined}
      title={texts.title(report?.action ?? '')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid={`${testIdPrefix}-result-close`}>
          {texts.close}
        </Button>
      }
      width={640}
      destroyOnHidden
    >
      <BatchOutcome
        rows={rows}
        labels={{
          name: texts.name,
          outcome: texts.outcome,
          detail: texts.message,
          ok: texts.ok,
          failed: texts.failed,
        }}
        summary={{
          type: succeeded === 0 ? 'error' : 'warning',
          title: succeeded === 0 ? texts.allFailed : texts.partial,
          description: texts.counts(succeeded, failed),
        }}
        testId={`${testIdPrefix}-result`}
        fallback={<Skeleton active paragraph={{ rows: 4 }} />}
      />
    </Modal>
  );
}
