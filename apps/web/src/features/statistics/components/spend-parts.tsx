import { useMemo } from 'react';
import { Empty, Flex, theme } from 'antd';
import type { MonthFlow, MonthSpend } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { Progress } from '../../../components/antd-progress';
import { LineChart, type ChartSeries } from '../../../components/line-chart';
import { useDict } from '../../../lib/dict-cache';
import { formatDollars } from '../../../lib/money';
import { formatBytes } from '../../../lib/traffic-units';

/** A month's spend per product type: a bar per type, its share of the month's largest. */
export function SpendByType({
  month,
  limit,
  testId,
}: {
  month: MonthSpend;
  limit?: number;
  testId?: string;
}) {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  const { order_product_type: types } = useDict('order_product_type');
  const rows = limit === undefined ? month.by_type : month.by_type.slice(0, limit);
  const top = Math.max(...month.by_type.map((row) => Number(row.spent)), 0);
  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSpend')} data-testid={testId} />;
  }
  const labelOf = (type: string) =>
    types.find((option) => option.value === type)?.label ?? t(`type.${type}`, { defaultValue: type });
  return (
    <Flex vertical gap="small" data-testid={testId}>
      {rows.map((row) => (
        <Flex key={row.product_type} vertical gap={0} data-testid={`spend-type-${row.product_type}`}>
          <Flex justify="space-between" gap="small">
            <span>{labelOf(row.product_type)}</span>
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatDollars(row.spent)}
              {Number(row.refunded) > 0 ? (
                <span style={{ color: token.colorSuccess, marginInlineStart: 8 }}>
                  {t('refundedShort', { amount: formatDollars(row.refunded) })}
                </span>
              ) : null}
            </span>
          </Flex>
          <Progress
            percent={top > 0 ? Math.round((Number(row.spent) / top) * 100) : 0}
            showInfo={false}
            status="normal"
            size="small"
          />
        </Flex>
      ))}
    </Flex>
  );
}

/** Metered traffic of the last 12 months as a line (one point per month). */
export function TrafficChart({ flow, height = 260 }: { flow: MonthFlow[]; height?: number }) {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        name: t('traffic'),
        points: flow.map(
          (point) => [Date.parse(`${point.month}-01T00:00:00Z`), point.traffic_bytes] as const,
        ),
        color: token.colorPrimary,
        area: true,
      },
    ],
    [flow, t, token],
  );
  // A year without metered traffic: a flat line at zero says less than the words.
  if (flow.every((point) => point.traffic_bytes === 0)) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: height }}>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('noTraffic')}
          data-testid="statistics-no-traffic"
        />
      </Flex>
    );
  }
  return (
    <LineChart
      series={series}
      formatValue={(value) => formatBytes(value)}
      label={t('trafficChart')}
      height={height}
      testId="statistics-traffic-chart"
    />
  );
}
