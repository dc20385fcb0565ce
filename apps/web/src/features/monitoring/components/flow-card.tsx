import { useMemo, useState } from 'react';
import { Card, Col, Row, Segmented, Statistic, theme } from 'antd';
import type { NetworkFlow } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { LineChart, type ChartSeries } from '../../../components/line-chart';
import { formatDollars } from '../../../lib/money';
import { formatBitRate, formatBytes } from '../../../lib/traffic-units';
import { ChartFrame, type ChartQuery } from './chart-frame';

type FlowMode = 'bytes' | 'rate';
const CHART_HEIGHT = 300;

export interface FlowCardProps {
  query: ChartQuery & { data?: NetworkFlow };
}

/**
 * The traffic totals of the range and what its outbound traffic costs: a pay-as-you-go desktop
 * pays it hour by hour (`traffic_price`, the server's figure for the range); a subscription's
 * traffic is not billed (null).
 */
function FlowTotals({ flow }: { flow: NetworkFlow }) {
  const { t } = useTranslation('monitoring');
  const { token } = theme.useToken();
  const cost = flow.traffic_price;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: token.marginMD }} data-testid="monitoring-flow-totals">
      <Col xs={12} md={8}>
        <Statistic title={t('flow.totalIn')} value={formatBytes(flow.total_in_bytes)} />
      </Col>
      <Col xs={12} md={8}>
        <Statistic title={t('flow.totalOut')} value={formatBytes(flow.total_out_bytes)} />
      </Col>
      <Col xs={24} md={8} data-testid="monitoring-flow-cost">
        <Statistic title={t('flow.cost')} value={cost === null ? t('flow.notBilled') : formatDollars(cost)} />
        <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
          {cost === null ? t('flow.notBilledHint') : t('flow.costHint')}
        </span>
      </Col>
    </Row>
  );
}

/** Network traffic in and out over the range, as bytes per step or as average bit rates. */
export function FlowCard({ query }: FlowCardProps) {
  const { t } = useTranslation('monitoring');
  const { token } = theme.useToken();
  const [mode, setMode] = useState<FlowMode>('bytes');
  const flow = query.data;

  const series = useMemo<ChartSeries[]>(() => {
    const points = flow?.points ?? [];
    const line = (name: string, color: string, value: (point: NetworkFlow['points'][number]) => number) => ({
      name,
      color,
      area: true,
      points: points.map((point) => [Date.parse(point.time), value(point)] as const),
    });
    return mode === 'bytes'
      ? [
          line(t('flow.in'), token.colorPrimary, (point) => point.in_bytes),
          line(t('flow.out'), token.colorSuccess, (point) => point.out_bytes),
        ]
      : [
          line(t('flow.in'), token.colorPrimary, (point) => point.in_bps),
          line(t('flow.out'), token.colorSuccess, (point) => point.out_bps),
        ];
  }, [flow, mode, t, token.colorPrimary, token.colorSuccess]);

  return (
    <Card
      title={t('flow.title')}
      extra={
        <Segmented<FlowMode>
          size="small"
          options={[
            { value: 'bytes', label: t('flow.bytes') },
            { value: 'rate', label: t('flow.rate') },
          ]}
          value={mode}
          onChange={setMode}
          aria-label={t('flow.mode')}
          data-testid="monitoring-flow-mode"
        />
      }
      data-testid="monitoring-flow"
    >
      {flow && !query.isError ? <FlowTotals flow={flow} /> : null}
      <ChartFrame
        query={query}
        empty={!flow?.points.length}
        height={CHART_HEIGHT}
        testId="monitoring-flow-chart"
      >
        <LineChart
          series={series}
          formatValue={mode === 'bytes' ? formatBytes : formatBitRate}
          height={CHART_HEIGHT}
          label={t('flow.title')}
          testId="monitoring-flow-chart"
        />
      </ChartFrame>
    </Card>
  );
}
