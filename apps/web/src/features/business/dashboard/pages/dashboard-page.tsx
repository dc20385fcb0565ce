import { useMemo, useState } from 'react';
import { Alert, Card, Col, Empty, Flex, Row, Segmented, Skeleton, Statistic, theme } from 'antd';
import type { Dashboard, DashboardRange } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { Progress } from '../../../../components/antd-progress';
import { LazyTable } from '../../../../components/lazy-table';
import { LineChart, type ChartSeries } from '../../../../components/line-chart';
import { PageHeading } from '../../../../components/page-heading';
import { formatDateTime } from '../../../../lib/format-time';
import { useDict } from '../../../../lib/dict-cache';
import { RANGES, useDashboard } from '../api/dashboard-api';

const CARD_COLUMNS = { xs: 12, xl: 6 } as const;
const dollars = (amount: string) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

function Figure({
  title,
  value,
  hint,
  testId,
}: {
  title: string;
  value: string | number;
  hint?: string;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Col {...CARD_COLUMNS}>
      <Card style={{ height: '100%' }} data-testid={testId}>
        <Statistic title={title} value={value} />
        {hint ? <div style={{ color: token.colorTextSecondary, marginTop: 4 }}>{hint}</div> : null}
      </Card>
    </Col>
  );
}

/** The money of each day: top-ups and consumption, two lines over the range. */
function DailyChart({ board }: { board: Dashboard }) {
  const { t } = useTranslation('businessDashboard');
  const { token } = theme.useToken();
  const series = useMemo<ChartSeries[]>(() => {
    const points = (of: (point: Dashboard['daily'][number]) => string) =>
      board.daily.map((point) => [Date.parse(`${point.day}T00:00:00Z`), Number(of(point))] as const);
    return [
      { name: t('topups'), points: points((point) => point.topups), color: token.colorSuccess, area: true },
      { name: t('consumption'), points: points((point) => point.consumption), color: token.colorPrimary },
    ];
  }, [board, t, token]);
  return (
    <LineChart
      series={series}
      formatValue={(value) => `$${value.toLocaleString('en-US')}`}
      label={t('dailyChart')}
      height={300}
      testId="dashboard-chart"
    />
  );
}

/** Shares of the consumption by product type, the largest first. */
function ConsumptionByType({ board }: { board: Dashboard }) {
  const { t } = useTranslation('businessDashboard');
  const { order_product_type: types } = useDict('order_product_type');
  const total = Number(board.consumption.amount);
  if (board.consumptionByType.length === 0) return <Empty description={t('noConsumption')} />;
  return (
    <Flex vertical gap="small" data-testid="dashboard-by-type">
      {board.consumptionByType.map((row) => (
        <div key={row.productType}>
          <Flex justify="space-between" gap="small">
            <span>{types.find((type) => type.value === row.productType)?.label ?? row.productType}</span>
            <span>{dollars(row.amount)}</span>
          </Flex>
          <Progress
            percent={total > 0 ? Math.round((Number(row.amount) / total) * 1000) / 10 : 0}
            showInfo={false}
            size="small"
          />
        </div>
      ))}
    </Flex>
  );
}

function LiveResources({ board }: { board: Dashboard }) {
  const { t } = useTranslation('businessDashboard');
  const { order_product_type: types } = useDict('order_product_type');
  if (board.liveResources.length === 0) return <Empty description={t('noResources')} />;
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-resources">
      {board.liveResources.map((row) => (
        <Col key={row.kind} xs={12} md={8}>
          <Statistic
            title={types.find((type) => type.value === row.kind)?.label ?? row.kind}
            value={row.count}
          />
        </Col>
      ))}
    </Row>
  );
}

function TopCustomers({ board }: { board: Dashboard }) {
  const { t } = useTranslation('businessDashboard');
  return (
    <LazyTable
      rowKey="userId"
      size="small"
      pagination={false}
      dataSource={board.topCustomers}
      locale={{ emptyText: <Empty description={t('noSpenders')} /> }}
      columns={[
        { key: 'rank', title: '#', width: 48, render: (_, __, index) => index + 1 },
        {
          key: 'customer',
          title: t('customer'),
          render: (_, row) => (
            <Flex vertical>
              <span>{row.nickname}</span>
              <span style={{ opacity: 0.65, wordBreak: 'break-all' }}>{row.email}</span>
            </Flex>
          ),
        },
        { key: 'amount', title: t('spent'), align: 'right', render: (_, row) => dollars(row.amount) },
      ]}
      data-testid="dashboard-top-customers"
    />
  );
}

function Board({ board }: { board: Dashboard }) {
  const { t } = useTranslation('businessDashboard');
  const rate = board.gateway.successRate;
  return (
    <Flex vertical gap="large">
      <Row gutter={[16, 16]}>
        <Figure
          title={t('topups')}
          value={dollars(board.topups.amount)}
          hint={t('count', { count: board.topups.count })}
          testId="dashboard-topups"
        />
        <Figure
          title={t('consumption')}
          value={dollars(board.consumption.amount)}
          hint={t('refunded', { amount: dollars(board.refunds.amount) })}
          testId="dashboard-consumption"
        />
        <Figure title={t('newCustomers')} value={board.newCustomers} testId="dashboard-new-customers" />
        <Figure
          title={t('liability')}
          value={dollars(board.liability)}
          hint={t('liabilityHint')}
          testId="dashboard-liability"
        />
        <Figure
          title={t('arrears')}
          value={board.customersInArrears}
          hint={t('arrearsHint')}
          testId="dashboard-arrears"
        />
        <Figure
          title={t('gateway')}
          value={rate === null ? '—' : `${rate.toFixed(1)} %`}
          hint={t('gatewayHint', { paid: board.gateway.paid, unpaid: board.gateway.unpaid })}
          testId="dashboard-gateway"
        />
      </Row>
      {/* One day is one point: the chart starts with the 7- and 30-day ranges. */}
      {board.daily.length > 1 ? (
        <Card title={t('dailyChart')}>
          <DailyChart board={board} />
        </Card>
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('byType')} style={{ height: '100%' }}>
            <ConsumptionByType board={board} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('topCustomers')} style={{ height: '100%' }}>
            <TopCustomers board={board} />
          </Card>
        </Col>
      </Row>
      <Card title={t('liveResources')}>
        <LiveResources board={board} />
      </Card>
    </Flex>
  );
}

/**
 * /business/dashboard, the operator's home: the business's figures of today, 7 or 30 days (UTC
 * days), read from the ledger and orders at each visit and every minute.
 */
export function DashboardPage() {
  const { t } = useTranslation('businessDashboard');
  const [range, setRange] = useState<DashboardRange>('today');
  const board = useDashboard(range);
  return (
    <Flex vertical gap="large" data-testid="business-dashboard">
      <PageHeading
        title={t('title')}
        subtitle={board.data ? t('subtitle', { time: formatDateTime(board.data.to) }) : t('subtitleLoading')}
        extra={
          <Segmented<DashboardRange>
            value={range}
            onChange={setRange}
            options={RANGES.map((value) => ({ value, label: t(`ranges.${value}`) }))}
            data-testid="dashboard-range"
          />
        }
      />
      {board.isError && !board.data ? (
        <Alert type="error" showIcon title={t('failed')} data-testid="dashboard-error" />
      ) : board.data ? (
        <Board board={board.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Flex>
  );
}
