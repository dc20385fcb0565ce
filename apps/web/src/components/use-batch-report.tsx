import { useState } from 'react';
import { LoadingDialog, lazyPart } from '../lib/lazy-part';
import { batchReportRows, type BatchReport } from './batch-report';

// The dialog and its table load when a report is first shown (a batch that not every resource took).
const BatchResultDialog = lazyPart(() => import('./batch-result-dialog'), 'ListBatchResultDialog');

export interface BatchReportOptions {
  /** The list's namespace, whose `list.result.*` words the dialog speaks. */
  namespace: 'desktops' | 'phones';
  /** `phone` → phone-result-summary, phone-result-table, phone-result-close. */
  testIdPrefix: string;
}

/**
 * A resource list's per-resource report of a batch: `show` opens it with a batch answer's rows
 * (named from the list), `element` is rendered once by the page.
 */
export function useBatchReport({ namespace, testIdPrefix }: BatchReportOptions) {
  const [report, setReport] = useState<BatchReport>();
  const close = () => setReport(undefined);
  /** Opens the report of `action` (translated) with each result named by `nameOf` (else its id). */
  const show = <R extends { ok: boolean; message: string | null }>(
    action: string,
    results: readonly R[],
    idOf: (row: R) => string,
    nameOf: (id: string) => string | undefined,
  ) => setReport({ action, rows: batchReportRows(results, idOf, nameOf) });
  const element = (
    <BatchResultDialog
      when={report !== undefined}
      report={report}
      onClose={close}
      namespace={namespace}
      testIdPrefix={testIdPrefix}
      fallback={<LoadingDialog open={report !== undefined} onCancel={close} />}
    />
  );
  return { show, element };
}
