import { useState, type Key } from 'react';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, type TableColumnsType } from 'antd';
import type { JobLog } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HasPermi } from '../../../components/access-guards';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { DateRangeField, SearchForm, SelectField } from '../../../components/search-form';
import { toTimeWindow, type PickedRange } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { useListFilter } from '../../../lib/use-list-filter';
import { ClampedText } from '../shared/clamped-text';
import { MonitorListEmpty } from '../shared/monitor-list-empty';
import { useDangerConfirm } from '../shared/use-danger-confirm';
import { useCleanJobLog, useDeleteJobLogs, useJob, useJobLogs, type JobLogFilter } from './job-api';
import { JobStatusTag } from './job-status-tag';
import { useJobName } from './use-job-name';

interface SearchValues {
  status?: '0' | '1';
  range?: PickedRange;
}

function useColumns(): TableColumnsType<JobLog> {
  const { t } = useTranslation('monitorJob');
  const jobName = useJobName();
  return [
    { key: 'id', title: t('log.id'), dataIndex: 'id', width: 90 },
    { key: 'name', title: t('column.name'), render: (_, row) => jobName(row.queue) },
    { key: 'queue', title: t('column.queue'), render: (_, row) => <code>{row.queue}</code> },
    { key: 'status', title: t('log.status'), render: (_, row) => <JobStatusTag status={row.status} /> },
    {
      key: 'startedAt',
      title: t('log.startedAt'),
      render: (_, row) => formatDateTime(row.started_at, { seconds: true }),
    },
    {
      key: 'duration',
      title: t('log.duration'),
      align: 'right',
      render: (_, row) => t('log.ms', { ms: row.duration_ms }),
    },
    {
      key: 'error',
      title: t('log.error'),
      render: (_, row) => (row.error ? <ClampedText text={row.error} maxWidth={380} danger /> : '—'),
    },
    {
      key: 'bossJobId',
      title: t('log.bossJobId'),
      render: (_, row) => <code>{row.boss_job_id ?? '—'}</code>,
    },
  ];
}

/** /monitor/job-log/index/{jobId} (RuoYi's 调度日志): one job's runs, with delete and clean. */
export function JobLogPage() {
  const { t } = useTranslation('monitorJob');
  const jobName = useJobName();
  const navigate = useNavigate();
  const jobId = Number(useParams().jobId);
  const job = useJob(jobId);
  const list = useListFilter<JobLogFilter>();
  const logs = useJobLogs({ ...list.query, jobId });
  const columns = useColumns();
  const [selected, setSelected] = useState<Key[]>([]);
  const remove = useDeleteJobLogs();
  const clean = useCleanJobLog();
  const confirm = useDangerConfirm();
  const name = job.data ? jobName(job.data.queue) : '';

  const removeSelected = () =>
    confirm(
      {
        title: t('log.deleteTitle'),
        content: t('log.deleteContent', { count: selected.length }),
        okText: t('log.delete'),
        cancelText: t('cancel'),
        done: t('log.deleteDone'),
        okTestId: 'job-log-delete-ok',
      },
      () => remove.mutateAsync(selected.map(Number)).then(() => setSelected([])),
    );
  const cleanAll = () =>
    confirm(
      {
        title: t('log.cleanTitle'),
        content: t('log.cleanContent', { name }),
        okText: t('log.clean'),
        cancelText: t('cancel'),
        done: t('log.cleanDone'),
        okTestId: 'job-log-clean-ok',
      },
      () => clean.mutateAsync(jobId).then(() => setSelected([])),
    );

  return (
    <Flex vertical gap="large" data-testid="page-monitor-job-log">
      <PageHeading
        title={name ? t('log.titleOf', { name }) : t('log.title')}
        subtitle={t('log.subtitle')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/monitor/job')}>
            {t('log.back')}
          </Button>
        }
      />
      <RecordList
        search={
          <SearchForm<SearchValues>
            fieldWidth={180}
            testId="job-log-search"
            onSearch={(values) =>
              list.applyFilter({ status: values.status ?? undefined, ...toTimeWindow(values.range) })
            }
            onReset={() => list.applyFilter({})}
          >
            <SelectField
              name="status"
              label={t('log.status')}
              options={[
                { value: '0', label: t('result.success') },
                { value: '1', label: t('result.failure') },
              ]}
              testId="job-log-status"
            />
            <DateRangeField label={t('log.startedAt')} testId="job-log-range" />
          </SearchForm>
        }
        actions={
          <HasPermi value={['monitor:job:remove']}>
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              onClick={removeSelected}
              data-testid="job-log-delete"
            >
              {t('log.delete')}
            </Button>
            <Button danger onClick={cleanAll} disabled={!logs.data?.total} data-testid="job-log-clean">
              {t('log.clean')}
            </Button>
          </HasPermi>
        }
        query={logs}
        list={list}
        columns={columns}
        rowKey="id"
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        emptyText={
          <MonitorListEmpty
            texts={{ ns: 'monitorJob', group: 'logEmpty' }}
            query={logs}
            filter={list.filter}
            testIdPrefix="job-log"
          />
        }
        tableTestId="job-log-table"
      />
    </Flex>
  );
}
