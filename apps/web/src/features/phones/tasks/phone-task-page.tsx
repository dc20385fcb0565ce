import { useState, type CSSProperties } from 'react';
import { App, Button, Flex, theme, type TableColumnsType } from 'antd';
import { RedoOutlined, SyncOutlined } from '@ant-design/icons';
import type { PhoneTask, PhoneTaskRetryResult } from '@cloudbay/contracts';
import {
  PHONE_TASK_STATUSES,
  PHONE_TASK_TYPES,
  type PhoneTaskStatus,
  type PhoneTaskType,
} from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BatchActions } from '../../../components/batch-actions';
import { CopyableCode } from '../../../components/copyable-code';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { RowAction } from '../../../components/row-action';
import { SearchFields } from '../../../components/search-fields';
import { SearchForm } from '../../../components/search-form';
import { useBatchReport } from '../../../components/use-batch-report';
import { isFiltered, toTimeWindow, type PickedRange } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format-time';
import { useIntentKeys } from '../../../lib/idempotency';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListFilter } from '../../../lib/use-list-filter';
import { PHONE_LIST_PATH } from '../paths';
import { isTaskLive, usePhoneTasks, useRetryTasks, type PhoneTaskFilterQuery } from './api';
import { TaskResult, TaskStatusTag } from './task-cells';

interface TaskSearchValues {
  type?: PhoneTaskType;
  status?: PhoneTaskStatus;
  phone?: string;
  range?: PickedRange;
}

const toFilter = (values: TaskSearchValues): PhoneTaskFilterQuery => ({
  ...(values.type ? { type: values.type } : {}),
  ...(values.status ? { status: values.status } : {}),
  ...(values.phone?.trim() ? { phone: values.phone.trim() } : {}),
  ...toTimeWindow(values.range),
});

const isOne = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** The filters a link opened the page with (`?phone=ph-…&type=restart`: the phone list's "view in task center"). */
function useLinkedFilter(): Pick<TaskSearchValues, 'type' | 'status' | 'phone'> {
  const [params] = useSearchParams();
  const [linked] = useState(() => {
    const type = params.get('type');
    const status = params.get('status');
    const phone = params.get('phone')?.trim();
    return {
      ...(isOne(PHONE_TASK_TYPES, type) ? { type } : {}),
      ...(isOne(PHONE_TASK_STATUSES, status) ? { status } : {}),
      ...(phone ? { phone: phone.slice(0, 64) } : {}),
    };
  });
  return linked;
}

function TaskSearchForm({
  initialValues,
  onSearch,
}: {
  initialValues: TaskSearchValues;
  onSearch: (filter: PhoneTaskFilterQuery) => void;
}) {
  const { t } = useTranslation('phoneTasks');
  return (
    <SearchForm<TaskSearchValues>
      onSearch={(values) => onSearch(toFilter(values))}
      onReset={() => onSearch({})}
      fieldWidth={200}
      testId="task-search"
      initialValues={initialValues}
    >
      <SearchFields
        naming={{ label: (key) => t(`filter.${key}`), testId: (key) => `task-filter-${key}` }}
        fields={[
          {
            key: 'type',
            options: PHONE_TASK_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
          },
          {
            key: 'status',
            options: PHONE_TASK_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
          },
          { key: 'phone', text: { placeholder: t('filter.phonePlaceholder'), maxLength: 64 } },
          { key: 'time', range: true },
        ]}
      />
    </SearchForm>
  );
}

/** The widest a phone's name may be in the narrow layout's phone-and-type column (px). */
const COMPACT_NAME_WIDTH = 120;

/** A task may be retried when it failed and was not retried already (its retry is the one to retry). */
const retriable = (task: PhoneTask) => task.status === 'failed' && task.retried_by === null;

function useColumns(retry: (tasks: PhoneTask[]) => void): TableColumnsType<PhoneTask> {
  const { t } = useTranslation('phoneTasks');
  const { token } = theme.useToken();
  const compact = useIsMobile();
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const typeLabel = (task: PhoneTask) => t(`type.${task.type}`);
  const phoneName = (task: PhoneTask, style: CSSProperties = {}) => (
    <span style={{ fontWeight: token.fontWeightStrong, ...nowrap, ...style }} title={task.phone.id}>
      {task.phone.name}
    </span>
  );
  const typeAndPhone: TableColumnsType<PhoneTask> = compact
    ? [
        // On a phone the type sits under the phone's name, so the status stays in the first
        // screen width beside them (a long name is cut short; its id is in its title).
        {
          key: 'phoneType',
          title: t('column.phoneType'),
          render: (_, task) => (
            <Flex vertical gap={2} style={{ maxWidth: COMPACT_NAME_WIDTH }}>
              {phoneName(task, { overflow: 'hidden', textOverflow: 'ellipsis' })}
              <span
                style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, ...nowrap }}
                data-testid="task-type"
              >
                {typeLabel(task)}
              </span>
            </Flex>
          ),
        },
      ]
    : [
        {
          key: 'type',
          title: t('column.type'),
          render: (_, task) => (
            <span style={nowrap} data-testid="task-type">
              {typeLabel(task)}
            </span>
          ),
        },
        {
          key: 'phone',
          title: t('column.phone'),
          render: (_, task) => (
            <Flex vertical gap={2}>
              {phoneName(task)}
              <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                <CopyableCode value={task.phone.id} copyLabel={t('column.phone')} />
              </span>
            </Flex>
          ),
        },
      ];
  return [
    { key: 'id', title: t('column.id'), render: (_, task) => <span style={nowrap}>{task.id}</span> },
    ...typeAndPhone,
    { key: 'status', title: t('column.status'), render: (_, task) => <TaskStatusTag status={task.status} /> },
    { key: 'result', title: t('column.result'), render: (_, task) => <TaskResult task={task} /> },
    {
      key: 'created',
      title: t('column.created'),
      render: (_, task) => <span style={nowrap}>{formatDateTime(task.created)}</span>,
    },
    {
      key: 'finished',
      title: t('column.finished'),
      render: (_, task) => (
        <span style={nowrap}>{task.finished_at ? formatDateTime(task.finished_at) : '—'}</span>
      ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: compact ? undefined : 'right',
      render: (_, task) =>
        retriable(task) ? (
          <RowAction
            icon={<RedoOutlined />}
            label={t('action.retry')}
            onClick={() => retry([task])}
            testId="task-retry"
          />
        ) : (
          '—'
        ),
    },
  ];
}

/** The retry of a selection or a row: confirmed, sent with one key per intent, then reported. */
function useRetry(onSent: () => void) {
  const { t } = useTranslation('phoneTasks');
  const { modal, message } = App.useApp();
  const retry = useRetryTasks();
  const keys = useIntentKeys();
  const report = useBatchReport({ namespace: 'phones', testIdPrefix: 'task' });

  const done = (tasks: PhoneTask[], result: PhoneTaskRetryResult) => {
    onSent();
    if (result.results.every((row) => row.ok)) {
      void message.success(
        tasks.length === 1 ? t('done.one', { id: tasks[0]!.id }) : t('done.batch', { count: tasks.length }),
      );
      return;
    }
    report.show(
      t('done.retryAction'),
      result.results,
      (row) => String(row.task_id),
      (id) => {
        const task = tasks.find((candidate) => String(candidate.id) === id);
        return task ? `${task.id} · ${t(`type.${task.type}`)} · ${task.phone.name}` : undefined;
      },
    );
  };

  const send = async (tasks: PhoneTask[]) => {
    const request = { taskIds: tasks.map((task) => task.id) };
    try {
      const result = await retry.mutateAsync({ ...request, idempotencyKey: keys.keyFor(request) });
      keys.settle(request);
      done(tasks, result);
    } catch (error) {
      // The request client has shown the refusal.
      keys.settle(request, error);
    }
  };

  const confirm = (tasks: PhoneTask[]) => {
    if (tasks.length === 0) return;
    const [first] = tasks;
    modal.confirm({
      title: t('confirm.title'),
      content:
        tasks.length === 1
          ? t('confirm.one', { id: first!.id, type: t(`type.${first!.type}`), phone: first!.phone.name })
          : t('confirm.batch', { count: tasks.length }),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { ...{ 'data-testid': 'task-confirm-ok' } },
      onOk: () => send(tasks),
    });
  };
  return { confirm, element: report.element };
}

/**
 * /phone/task (issue 20, spec §3 Task, §7 `ph_task/list`): every long operation on the customer's
 * phones, one task per phone, newest first, filtered by type, status, phone and time; refreshed
 * while a task on screen runs; failed tasks retried one by one or as a selection.
 */
export function PhoneTaskPage() {
  const { t } = useTranslation('phoneTasks');
  const { token } = theme.useToken();
  const linked = useLinkedFilter();
  const list = useListFilter<PhoneTaskFilterQuery>(linked);
  const tasks = usePhoneTasks(list.query);
  const [selected, setSelected] = useState<PhoneTask[]>([]);
  const clear = () => setSelected([]);
  const retry = useRetry(clear);
  const columns = useColumns(retry.confirm);
  const live = tasks.data?.list.some(isTaskLive) ?? false;
  const isMobile = useIsMobile();

  return (
    <Flex vertical gap="large" data-testid="page-phone-tasks">
      <PageHeading
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          live ? (
            <span style={{ color: token.colorTextSecondary }} data-testid="task-live">
              <SyncOutlined spin /> {t('page.live')}
            </span>
          ) : null
        }
      />
      <RecordList<PhoneTask, PhoneTaskFilterQuery>
        search={
          <TaskSearchForm
            initialValues={linked}
            onSearch={(filter) => {
              clear();
              list.applyFilter(filter);
            }}
          />
        }
        query={tasks}
        list={list}
        columns={columns}
        rowKey="id"
        actions={
          <BatchActions
            items={[{ key: 'retry', label: t('action.retrySelected'), icon: <RedoOutlined /> }]}
            selectedCount={selected.length}
            onAction={() => retry.confirm(selected)}
            onClear={clear}
            texts={{
              menu: t('action.batch'),
              hint: t('action.batchHint'),
              selected: t('action.selected', { count: selected.length }),
              clear: t('action.clear'),
            }}
            testIdPrefix="task"
          />
        }
        rowSelection={{
          selectedRowKeys: selected.map((task) => task.id),
          onChange: (_, rows) => setSelected(rows),
          getCheckboxProps: (task) => ({ disabled: !retriable(task) }),
        }}
        initiallyHiddenColumns={isMobile ? ['id', 'created', 'finished'] : []}
        emptyText={
          <RecordListEmpty
            failed={tasks.isError}
            filtered={isFiltered(list.filter)}
            onRetry={() => void tasks.refetch()}
            testIdPrefix="tasks"
            texts={recordListTexts((key) => t(`page.${key}`))}
          >
            <Link to={PHONE_LIST_PATH}>
              <Button type="primary">{t('page.phoneList')}</Button>
            </Link>
          </RecordListEmpty>
        }
        tableTestId="tasks-table"
      />
      {retry.element}
    </Flex>
  );
}
