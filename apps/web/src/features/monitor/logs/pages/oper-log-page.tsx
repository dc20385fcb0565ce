import { useState } from 'react';
import type { OperLog } from '@cloudbay/contracts';
import { Button, Flex, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { useAccess } from '../../../../lib/access';
import { lazyPart } from '../../../../lib/lazy-part';
import { useListFilter } from '../../../../lib/use-list-filter';
import { useExportOperLogs, useOperLogs } from '../api/logs-api';
import { LogListEmpty } from '../components/log-list-empty';
import { LogRemoveActions } from '../components/log-remove-actions';
import { OperLogSearchForm } from '../components/log-search-forms';
import { LogStatusTag } from '../components/log-status-tag';
import { toOperLogFilter, type OperLogFilterQuery } from '../log-filter';
import { useModuleName } from '../module-name';
import { actionsColumn, timeColumn } from '../../../system/shared/admin-list';

// The detail dialog (Descriptions, the JSON blocks) loads when a row is first opened.
const OperLogDetail = lazyPart(() => import('../components/oper-log-detail'), 'OperLogDetail');

function useColumns(openDetail: (id: number) => void): TableColumnsType<OperLog> {
  const { t } = useTranslation('monitorLogs');
  const moduleName = useModuleName();
  return [
    { key: 'id', title: t('column.id'), dataIndex: 'id' },
    { key: 'module', title: t('column.module'), render: (_, log) => moduleName(log.module) },
    {
      key: 'businessType',
      title: t('column.businessType'),
      render: (_, log) => <Tag>{t(`businessType.${log.business_type}`)}</Tag>,
    },
    {
      key: 'url',
      title: t('column.url'),
      render: (_, log) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {log.method} {log.url}
        </span>
      ),
    },
    { key: 'account', title: t('column.account'), render: (_, log) => log.email ?? t('detail.anonymous') },
    { key: 'ip', title: t('column.ip'), dataIndex: 'ip' },
    { key: 'status', title: t('column.status'), render: (_, log) => <LogStatusTag status={log.status} /> },
    timeColumn('time', t('column.time'), (log) => log.created_at, { seconds: true }),
    {
      key: 'duration',
      title: t('column.duration'),
      align: 'right',
      render: (_, log) => t('detail.ms', { ms: log.duration_ms }),
    },
    actionsColumn(t('column.actions'), (log) => (
      <HasPermi value={['monitor:operlog:query']}>
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          onClick={() => openDetail(log.id)}
          data-testid="operlog-details"
        >
          {t('page.details')}
        </Button>
      </HasPermi>
    )),
  ];
}

/** /monitor/operlog (RuoYi's 操作日志): every write through the API, searched, inspected, exported, cleaned. */
export function OperLogPage() {
  const { t } = useTranslation('monitorLogs');
  const { hasPermi } = useAccess();
  const list = useListFilter<OperLogFilterQuery>();
  const logs = useOperLogs(list.query);
  const [openId, setOpenId] = useState<number>();
  const [selected, setSelected] = useState<number[]>([]);
  const exporter = useExportOperLogs();
  const canRemove = hasPermi('monitor:operlog:remove');

  return (
    <Flex vertical gap="large" data-testid="page-operlog">
      <PageHeading title={t('operlog.title')} subtitle={t('operlog.subtitle')} />
      <RecordList
        search={
          <OperLogSearchForm
            onSearch={(values) => list.applyFilter(toOperLogFilter(values))}
            onReset={() => list.applyFilter({})}
          />
        }
        query={logs}
        list={list}
        columns={useColumns(setOpenId)}
        rowKey="id"
        rowSelection={
          canRemove
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        actions={
          <LogRemoveActions
            kind="operlog"
            permission="monitor:operlog:remove"
            selected={selected}
            onRemoved={() => setSelected([])}
          />
        }
        exporter={hasPermi('monitor:operlog:export') ? exporter : undefined}
        emptyText={
          <LogListEmpty
            failed={logs.isError}
            filter={list.filter}
            onRetry={() => void logs.refetch()}
            testIdPrefix="operlog"
          />
        }
        tableTestId="operlog-table"
        exportTestId="operlog-export"
        initiallyHiddenColumns={['id']}
      />
      <OperLogDetail when={openId !== undefined} id={openId} onClose={() => setOpenId(undefined)} />
    </Flex>
  );
}
