import { Alert, Button, Modal, Table, Tag, type TableColumnsType } from 'antd';
import type { BatchResult, Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';

type ResultRow = BatchResult['results'][number] & { name: string };

export interface BatchReport {
  /** What was asked, already translated ("Restart"). */
  action: string;
  desktops: readonly Desktop[];
  result: BatchResult;
}

/** Each desktop's result with its name (the answer names only ids). */
export function resultRows(report: BatchReport): ResultRow[] {
  return report.result.results.map((row) => ({
    ...row,
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
  const rows = report ? resultRows(report).sort((a, b) => Number(a.ok) - Number(b.ok)) : [];
  const failed = rows.filter((row) => !row.ok).length;
  const succeeded = rows.length - failed;
  const columns: TableColumnsType<ResultRow> = [
    { key: 'name', title: t('list.result.name'), render: (_, row) => row.name },
    {
      key: 'outcome',
      title: t('list.result.outcome'),
      render: (_, row) =>
        row.ok ? (
          <Tag color="success">{t('list.result.ok')}</Tag>
        ) : (
          <Tag color="error">{t('list.result.failed')}</Tag>
        ),
    },
    { key: 'message', title: t('list.result.message'), render: (_, row) => row.message ?? '—' },
  ];
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
      <Alert
        type={succeeded === 0 ? 'error' : 'warning'}
        showIcon
        title={succeeded === 0 ? t('list.result.allFailed') : t('list.result.partial')}
        description={t('list.result.counts', { succeeded, failed })}
        style={{ marginBlock: 12 }}
        data-testid="desktop-result-summary"
      />
      <Table<ResultRow>
        rowKey="desktop_id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 320 }}
        data-testid="desktop-result-table"
      />
    </Modal>
  );
}
