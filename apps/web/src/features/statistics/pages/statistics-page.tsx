import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Segmented,
  Select,
  Skeleton,
  Statistic,
  Table,
  theme,
} from 'antd';
import type { MonthSpend, RegionNetworkCost } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { formatDollars } from '../../../lib/money';
import { formatBytes } from '../../../lib/traffic-units';
import { useMonthFlow, useRegionNetworkCost, useStatistics } from '../api/statistics-api';
import { SpendByType, TrafficChart } from '../components/spend-parts';

type Region = RegionNetworkCost['regions'][number];

function MonthCard({
  title,
  month,
  testId,
}: {
  title: string;
  month: MonthSpend | undefined;
  testId: string;
}) {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  return (
    <Card style={{ height: '100%' }} data-testid={testId}>
      {month ? (
        <Flex vertical gap="small">
          <Statistic title={`${title} · ${month.month}`} value={formatDollars(month.net)} />
          <Flex gap="large" wrap style={{ color: token.colorTextSecondary }}>
            <span>{t('spent', { amount: formatDollars(month.spent) })}</span>
            <span>{t('refunded', { amount: formatDollars(month.refunded) })}</span>
          </Flex>
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Card>
  );
}

function RegionCosts({ months }: { months: string[] }) {
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

/**
 * /mesceter/statistics, the spending centre's statistics (issue 22, spec §7 /user/statistics): this
 * and last month's spend (charges − refunds, as the bills), per product type, the metered traffic of
 * the last 12 months and one month's network cost per region.
 */
export function StatisticsPage() {
  const { t } = useTranslation('statistics');
  const stats = useStatistics();
  const flow = useMonthFlow();
  const [shown, setShown] = useState<'this_month' | 'last_month'>('this_month');
  const months = flow.data?.map((point) => point.month) ?? [];
  return (
    <Flex vertical gap="large" data-testid="page-statistics">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      {stats.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void stats.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <MonthCard title={t('thisMonth')} month={stats.data?.this_month} testId="statistics-this-month" />
        </Col>
        <Col xs={24} md={12}>
          <MonthCard title={t('lastMonth')} month={stats.data?.last_month} testId="statistics-last-month" />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card
            title={t('byType')}
            extra={
              <Segmented
                size="small"
                value={shown}
                onChange={(value) => setShown(value as typeof shown)}
                options={[
                  { value: 'this_month', label: t('thisMonth') },
                  { value: 'last_month', label: t('lastMonth') },
                ]}
              />
            }
            style={{ height: '100%' }}
          >
            {stats.data ? (
              <SpendByType month={stats.data[shown]} testId="statistics-types" />
            ) : (
              <Skeleton active paragraph={{ rows: 4 }} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('trafficTitle')} style={{ height: '100%' }}>
            {flow.isError ? (
              <Alert type="error" showIcon title={t('loadFailed')} />
            ) : flow.data ? (
              <TrafficChart flow={flow.data} />
            ) : (
              <Skeleton active paragraph={{ rows: 6 }} />
            )}
          </Card>
        </Col>
      </Row>
      {months.length > 0 ? <RegionCosts months={months} /> : null}
    </Flex>
  );
}
