import type { ReactNode } from 'react';
import { Alert, Tag, type AlertProps, type TableColumnsType } from 'antd';
import { LazyTable } from './lazy-table';

/** One resource of a batch answer, as a results table shows it. */
export interface OutcomeRow {
  key: string;
  name: string;
  ok: boolean;
  /** What it did (ok) or why it was refused (the server's translated message). */
  detail: ReactNode;
}

export interface OutcomeLabels {
  name: string;
  outcome: string;
  detail: string;
  ok: string;
  failed: string;
  /** Tag colour of a success (default `success`; `processing` where the work goes on after). */
  okColor?: string;
}

// In batch-report.ts, which the batch dialog imports without this table.
export { outcomeCounts } from './batch-report';

/**
 * What a batch action did on each resource (desktops, phones): a summary, then every resource with
 * its outcome, the refused ones first with the server's reason. Test ids `<testId>-summary` and
 * `<testId>-table`.
 */
export function BatchOutcome({
  rows,
  labels,
  summary,
  testId,
}: {
  rows: readonly OutcomeRow[];
  labels: OutcomeLabels;
  summary: { type: AlertProps['type']; title: string; description: string };
  testId: string;
}) {
  const sorted = [...rows].sort((a, b) => Number(a.ok) - Number(b.ok));
  const columns: TableColumnsType<OutcomeRow> = [
    { key: 'name', title: labels.name, render: (_, row) => row.name },
    {
      key: 'outcome',
      title: labels.outcome,
      render: (_, row) =>
        row.ok ? (
          <Tag color={labels.okColor ?? 'success'}>{labels.ok}</Tag>
        ) : (
          <Tag color="error">{labels.failed}</Tag>
        ),
    },
    { key: 'detail', title: labels.detail, render: (_, row) => row.detail ?? '—' },
  ];
  return (
    <>
      <Alert
        type={summary.type}
        showIcon
        title={summary.title}
        description={summary.description}
        style={{ marginBlock: 12 }}
        data-testid={`${testId}-summary`}
      />
      {/* The lists that report batches import this statically; the table is not their first screen. */}
      <LazyTable<OutcomeRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={sorted}
        pagination={false}
        scroll={{ x: 'max-content', y: 320 }}
        data-testid={`${testId}-table`}
      />
    </>
  );
}
