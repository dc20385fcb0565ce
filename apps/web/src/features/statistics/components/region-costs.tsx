import { useState } from 'react';
import { Alert, Card, Empty, Select, Table } from 'antd';
import type { RegionNetworkCost } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../lib/money';
import { formatBytes } from '../../../lib/traffic-units';
import { useRegionNetworkCost } from '../api/statistics-api';

type Region = RegionNetworkCost['regions'][number];

/** One month's metered traffic and its cost per region, the month picked among the last 12. */
export function RegionCosts({ months }: { months: string[] }) {
  const { t } = useTranslation('statistics');
  const [month, setMonth] = useState<string | undefined>(undefined);
  const costs = useRegionNetworkCost(month);
  const columns = [
    { key: 'region', title: t('region.name'), render: (_: unknown, row: Region) => row.region_name },
    {
      key: 'traffic',
      title: t('region.traffic'),
      align: 'right' as const,
      render: (_: unknown, row: Region) => formatBytes(row.traffic_bytes),
    },
    {
      key: 'cost',
      title: t('region.cost'),
      align: 'right' as const,
      render: (_: unknown, row: Region) => formatDollars(row.traffic_cost),
    },
  ];
  return (
    <Card
      title={t('region.title')}
      extra={
        <Select
          value={month ?? costs.data?.month ?? months.at(-1)}
          options={[...months].reverse().map((value) => ({ value, label: value }))}
          onChange={setMonth}
          style={{ width: 120 }}
          aria-label={t('region.month')}
          data-testid="statistics-region-month"
        />
      }
      data-testid="statistics-regions"
    >
      {costs.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : (
        <Table<Region>
          rowKey={(row) => String(row.region_id)}
          size="small"
          columns={columns}
          dataSource={costs.data?.regions ?? []}
          loading={costs.isPending || costs.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('region.empty')} />,
          }}
        />
      )}
    </Card>
  );
}
