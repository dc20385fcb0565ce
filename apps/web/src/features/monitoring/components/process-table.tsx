import { Button, Table, type TableColumnsType } from 'antd';
import type { DesktopProcess } from '@cloudbay/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../../components/list-empty';
import { formatPercent } from '../../../lib/traffic-units';

function useColumns(): TableColumnsType<DesktopProcess> {
  const { t } = useTranslation('monitoring');
  return [
    { key: 'pid', title: t('process.pid'), dataIndex: 'pid', width: 90, responsive: ['sm'] },
    { key: 'name', title: t('process.name'), dataIndex: 'name', ellipsis: true },
    { key: 'user', title: t('process.user'), dataIndex: 'user', ellipsis: true, responsive: ['md'] },
    {
      key: 'cpu',
      title: t('process.cpu'),
      align: 'right',
      width: 110,
      sorter: (a, b) => a.cpu_percent - b.cpu_percent,
      // The busiest first, as a task manager opens.
      defaultSortOrder: 'descend',
      sortDirections: ['descend', 'ascend'],
      render: (_, process) => formatPercent(process.cpu_percent),
    },
    {
      key: 'memory',
      title: t('process.memory'),
      align: 'right',
      width: 130,
      sorter: (a, b) => a.memory_mib - b.memory_mib,
      sortDirections: ['descend', 'ascend'],
      render: (_, process) => t('process.mib', { value: Number(process.memory_mib.toFixed(1)) }),
    },
  ];
}

/** The running desktop's processes (process-card.tsx loads it on demand: antd's Table is most of it). */
export function ProcessTable({ processes }: { processes: UseQueryResult<DesktopProcess[]> }) {
  const { t } = useTranslation('monitoring');
  const columns = useColumns();
  return (
    <Table<DesktopProcess>
      rowKey="pid"
      columns={columns}
      dataSource={processes.data ?? []}
      loading={processes.isPending}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      size="middle"
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: processes.isError ? (
          <ListEmpty description={t('process.loadFailed')} testId="monitoring-process-error">
            <Button onClick={() => void processes.refetch()}>{t('chart.retry')}</Button>
          </ListEmpty>
        ) : (
          <ListEmpty description={t('process.empty')} testId="monitoring-process-empty" />
        ),
      }}
      data-testid="monitoring-process-table"
    />
  );
}
