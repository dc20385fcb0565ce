import { useState } from 'react';
import { Card, Typography, type TableColumnsType } from 'antd';
import type { DeadLetter } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { LazyTable } from '../../../components/lazy-table';
import { ListEmpty } from '../../../components/list-empty';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format-time';
import { ClampedText } from '../shared/clamped-text';
import { useDangerConfirm } from '../shared/use-danger-confirm';
import { useDeadLetters, useRetryDeadLetter } from './job-api';
import { useJobName } from './use-job-name';
import { PermittedLink } from '../../system/shared/row-actions';

/**
 * Jobs that failed after every retry (pg-boss's dead-letter queue), below the scheduled jobs, with
 * a retry that puts one back in its queue (every handler is idempotent).
 */
export function DeadLetters() {
  const { t } = useTranslation('monitorJob');
  const jobName = useJobName();
  const [pager, setPager] = useState({ page: 1, limit: 10 });
  const letters = useDeadLetters(pager.page, pager.limit);
  const retry = useRetryDeadLetter();
  const confirm = useDangerConfirm();
  const columns: TableColumnsType<DeadLetter> = [
    {
      key: 'queue',
      title: t('dead.queue'),
      render: (_, row) => (row.queue ? `${jobName(row.queue)} (${row.queue})` : '—'),
    },
    {
      key: 'error',
      title: t('dead.error'),
      render: (_, row) => <ClampedText text={row.last_error ?? '—'} maxWidth={420} />,
    },
    { key: 'retries', title: t('dead.retries'), render: (_, row) => row.retry_count ?? '—' },
    { key: 'failedAt', title: t('dead.failedAt'), render: (_, row) => formatDateTime(row.failed_at) },
    {
      key: 'actions',
      title: t('column.actions'),
      render: (_, row) => (
        <PermittedLink
          permission="monitor:job:edit"
          label={t('dead.retry')}
          onClick={() =>
            confirm(
              {
                title: t('dead.retryTitle'),
                content: t('dead.retryContent'),
                okText: t('dead.retry'),
                cancelText: t('cancel'),
                done: t('dead.retryDone'),
                okTestId: 'dead-retry-ok',
              },
              () => retry.mutateAsync(row.id),
            )
          }
        />
      ),
    },
  ];
  const total = letters.data?.total ?? 0;
  return (
    <Card
      title={t('dead.title')}
      extra={<Typography.Text type="secondary">{t('dead.hint')}</Typography.Text>}
    >
      <LazyTable<DeadLetter>
        rowKey="id"
        columns={columns}
        dataSource={letters.data?.list ?? []}
        loading={letters.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <ListEmpty description={t(letters.isError ? 'empty.failed' : 'dead.empty')} testId="dead-empty" />
          ),
        }}
        data-testid="dead-table"
      />
      <Pagination
        total={total}
        page={pager.page}
        limit={pager.limit}
        onChange={(page, limit) => setPager({ page, limit })}
        hidden={!total}
        autoScroll={false}
      />
    </Card>
  );
}
