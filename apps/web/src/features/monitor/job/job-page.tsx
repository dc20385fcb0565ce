import { useState } from 'react';
import { Alert, App, Card, Flex, Skeleton, Space, Switch, Tag, type TableColumnsType } from 'antd';
import type { SysJob } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { SelectField, TextField } from '../../../components/search-form';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format-time';
import { LoadingDialog, lazyPart } from '../../../lib/lazy-part';
import { useListFilter } from '../../../lib/use-list-filter';
import { actionsColumn, AdminSearch } from '../../system/shared/admin-list';
import { PermittedLink } from '../../system/shared/row-actions';
import { MonitorListEmpty } from '../shared/monitor-list-empty';
import { useChangeJobStatus, useJobs, useRunJob, type JobFilter } from './job-api';
import { JobStatusTag } from './job-status-tag';
import { useJobName } from './use-job-name';

// The edit form and the detail load on demand (prefetched once the page is idle); the dead letters,
// below the jobs, from the page's mount on, in parallel with the jobs' request.
const JobEditDialog = lazyPart(() => import('./job-edit-dialog'), 'JobEditDialog');
const JobDetailDialog = lazyPart(() => import('./job-detail-dialog'), 'JobDetailDialog');
const DeadLetters = lazyPart(() => import('./dead-letters'), 'DeadLetters');

export const jobLogPath = (jobId: number) => `/monitor/job-log/index/${jobId}`;

/** Pause and resume after a confirmation naming the job, as RuoYi's status switch asks. */
function useStatusSwitch() {
  const { t } = useTranslation('monitorJob');
  const { modal, message } = App.useApp();
  const jobName = useJobName();
  const change = useChangeJobStatus();
  return (job: SysJob) => {
    const status = job.status === '0' ? '1' : '0';
    const action = status === '1' ? 'pause' : 'resume';
    modal.confirm({
      title: t(`status.${action}Title`),
      content: t(`status.${action}Content`, { name: jobName(job.queue) }),
      okText: t(`status.${action}`),
      cancelText: t('cancel'),
      okButtonProps: { 'data-testid': 'job-status-ok' },
      onOk: () =>
        change
          .mutateAsync({ id: job.id, status })
          .then(() => void message.success(t(`status.${action}Done`, { name: jobName(job.queue) })))
          .catch(() => undefined),
    });
  };
}

function useColumns(actions: {
  edit: (job: SysJob) => void;
  toggle: (job: SysJob) => void;
  run: (job: SysJob) => void;
  detail: (job: SysJob) => void;
}): TableColumnsType<SysJob> {
  const { t } = useTranslation('monitorJob');
  const jobName = useJobName();
  const navigate = useNavigate();
  const { hasPermi } = useAccess();
  return [
    { key: 'id', title: t('column.id'), dataIndex: 'id', width: 80 },
    { key: 'name', title: t('column.name'), width: 180, render: (_, job) => jobName(job.queue) },
    { key: 'group', title: t('column.group'), render: () => <Tag>{t('group.SYSTEM')}</Tag> },
    { key: 'queue', title: t('column.queue'), render: (_, job) => <code>{job.queue}</code> },
    { key: 'cron', title: t('column.cron'), render: (_, job) => <code>{job.cron}</code> },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, job) => (
        <Switch
          checked={job.status === '0'}
          disabled={!hasPermi('monitor:job:changeStatus')}
          onClick={() => actions.toggle(job)}
          checkedChildren={t('status.normal')}
          unCheckedChildren={t('status.paused')}
          data-testid={`job-status-${job.queue}`}
        />
      ),
    },
    {
      key: 'lastRun',
      title: t('column.lastRun'),
      render: (_, job) =>
        job.last_run_at ? (
          <Space size={4}>
            {formatDateTime(job.last_run_at)}
            {job.last_status ? <JobStatusTag status={job.last_status} /> : null}
          </Space>
        ) : (
          t('never')
        ),
    },
    {
      key: 'nextRun',
      title: t('column.nextRun'),
      render: (_, job) => (job.next_run_at ? formatDateTime(job.next_run_at) : t('status.paused')),
    },
    actionsColumn(t('column.actions'), (job) => (
      <Space size="small" wrap>
        <PermittedLink
          permission="monitor:job:edit"
          label={t('action.edit')}
          onClick={() => actions.edit(job)}
          testId={`job-edit-${job.queue}`}
        />
        <PermittedLink
          permission="monitor:job:changeStatus"
          label={t('action.run')}
          onClick={() => actions.run(job)}
          testId={`job-run-${job.queue}`}
        />
        <PermittedLink
          permission="monitor:job:query"
          label={t('action.detail')}
          onClick={() => actions.detail(job)}
        />
        <PermittedLink
          label={t('action.log')}
          onClick={() => void navigate(jobLogPath(job.id))}
          testId={`job-log-${job.queue}`}
        />
      </Space>
    )),
  ];
}

/**
 * /monitor/job (RuoYi's 定时任务): the product's scheduled jobs with pause/resume, cron changes and
 * run once, then the jobs that failed after every retry. No add or delete: only the product's own
 * jobs exist, so no one can make the server run arbitrary code.
 */
export function JobPage() {
  const { t } = useTranslation('monitorJob');
  const { message } = App.useApp();
  const jobName = useJobName();
  const list = useListFilter<JobFilter>();
  const jobs = useJobs(list.query);
  const run = useRunJob();
  const toggle = useStatusSwitch();
  const [editing, setEditing] = useState<SysJob | null>(null);
  const [viewing, setViewing] = useState<SysJob | null>(null);
  const columns = useColumns({
    edit: setEditing,
    toggle,
    detail: setViewing,
    run: (job) =>
      void run
        .mutateAsync(job.id)
        .then(() => void message.success(t('action.runSent', { name: jobName(job.queue) })))
        .catch(() => undefined),
  });
  const statuses = [
    { value: '0' as const, label: t('status.normal') },
    { value: '1' as const, label: t('status.paused') },
  ];

  return (
    <Flex vertical gap="large" data-testid="page-monitor-job">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <Alert type="info" showIcon title={t('builtinOnly')} data-testid="job-builtin-only" />
      <RecordList
        search={
          <AdminSearch<JobFilter, JobFilter>
            list={list}
            toFilter={(values) => ({
              jobName: values.jobName?.trim() || undefined,
              status: values.status ?? undefined,
            })}
            testId="job-search"
          >
            <TextField
              name="jobName"
              label={t('column.queue')}
              placeholder={t('search.queue')}
              maxLength={100}
              testId="job-name"
            />
            <SelectField
              name="status"
              label={t('column.status')}
              options={statuses}
              testId="job-status-filter"
            />
          </AdminSearch>
        }
        query={jobs}
        list={list}
        columns={columns}
        rowKey="id"
        emptyText={
          <MonitorListEmpty
            texts={{ ns: 'monitorJob', group: 'empty' }}
            query={jobs}
            filter={list.filter}
            testIdPrefix="job"
          />
        }
        tableTestId="job-table"
        // Every job is in the system group and its queue is in its details; the column choice shows them.
        initiallyHiddenColumns={['id', 'group', 'queue']}
      />
      <DeadLetters
        fallback={
          <Card title={t('dead.title')}>
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </Card>
        }
      />
      <JobEditDialog
        when={editing !== null}
        job={editing}
        onClose={() => setEditing(null)}
        fallback={<LoadingDialog open={editing !== null} onCancel={() => setEditing(null)} />}
      />
      <JobDetailDialog
        when={viewing !== null}
        job={viewing}
        onClose={() => setViewing(null)}
        fallback={<LoadingDialog open={viewing !== null} onCancel={() => setViewing(null)} />}
      />
    </Flex>
  );
}
