import { Button, Card, Empty, Table, Tooltip, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { Desktop, DesktopProcess } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../../components/list-empty';
import { dictLabel, type DictOption } from '../../../lib/dict-cache';
import { useProcesses } from '../api/list-processes';
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

export interface ProcessCardProps {
  desktop: Desktop;
  statuses: readonly DictOption[];
}

/**
 * What runs in the desktop now, sortable by CPU and memory. The cloud reports processes only of a
 * running desktop, so any other state explains why the table is not there instead of asking.
 */
export function ProcessCard({ desktop, statuses }: ProcessCardProps) {
  const { t } = useTranslation('monitoring');
  const running = desktop.status === 'running';
  const processes = useProcesses(desktop.desktop_id, running);
  const columns = useColumns();

  const refresh = (
    <Tooltip title={t('process.refresh')}>
      <Button
        type="text"
        icon={<ReloadOutlined />}
        onClick={() => void processes.refetch()}
        disabled={!running}
        loading={processes.isFetching}
        aria-label={t('process.refresh')}
        data-testid="monitoring-process-refresh"
      />
    </Tooltip>
  );

  return (
    <Card title={t('process.title')} extra={refresh} data-testid="monitoring-processes">
      {running ? (
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
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('process.notRunning', {
            status: dictLabel(statuses, desktop.status) || desktop.status,
          })}
          data-testid="monitoring-process-not-running"
        />
      )}
    </Card>
  );
}
