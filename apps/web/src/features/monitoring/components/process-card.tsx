import { useEffect } from 'react';
import { Button, Card, Empty, Skeleton, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { dictLabel, type DictOption } from '../../../lib/dict-cache';
import { lazyPart } from '../../../lib/lazy-part';
import { useProcesses } from '../api/list-processes';

// The table (antd's Table, about 25 KB gzip) sits under the charts and shows the processes once they
// are read: its code downloads from the card's mount on, antd's skeleton holding its place meanwhile.
const ProcessTable = lazyPart(() => import('./process-table'), 'ProcessTable');

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
  useEffect(() => ProcessTable.prefetch(), []);

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
        <ProcessTable processes={processes} fallback={<Skeleton active paragraph={{ rows: 4 }} />} />
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
