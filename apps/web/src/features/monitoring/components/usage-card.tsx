import { useMemo, type ReactNode } from 'react';
import { Card, Col, Row, theme } from 'antd';
import type { RealTimeData } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { LineChart, type ChartSeries } from '../../../components/line-chart';
import { formatBitRate, formatPercent } from '../../../lib/traffic-units';
import { ChartFrame, type ChartQuery } from './chart-frame';

const CHART_HEIGHT = 280;
type UsagePoint = RealTimeData['points'][number];

export interface UsageCardProps {
  query: ChartQuery & { data?: RealTimeData };
}

function seriesOf(points: readonly UsagePoint[], lines: [string, string, (point: UsagePoint) => number][]) {
  return lines.map<ChartSeries>(([name, color, value]) => ({
    name,
    color,
    points: points.map((point) => [Date.parse(point.time), value(point)] as const),
  }));
}

/** CPU, memory and disk use in percent, and the bandwidth in and out, over the range. */
export function UsageCard({ query }: UsageCardProps) {
  const { t } = useTranslation('monitoring');
  const { token } = theme.useToken();
  const points = query.data?.points;

  const usage = useMemo(
    () =>
      seriesOf(points ?? [], [
        [t('usage.cpu'), token.colorPrimary, (point) => point.cpu],
        [t('usage.memory'), token.colorWarning, (point) => point.memory],
        [t('usage.disk'), token.colorSuccess, (point) => point.disk],
      ]),
    [points, t, token.colorPrimary, token.colorWarning, token.colorSuccess],
  );
  const bandwidth = useMemo(
    () =>
      seriesOf(points ?? [], [
        [t('usage.bandwidthIn'), token.colorPrimary, (point) => point.bandwidth_in],
        [t('usage.bandwidthOut'), token.colorSuccess, (point) => point.bandwidth_out],
      ]),
    [points, t, token.colorPrimary, token.colorSuccess],
  );

  const frame = (testId: string, chart: ReactNode) => (
    <ChartFrame query={query} empty={!points?.length} height={CHART_HEIGHT} testId={testId}>
      {chart}
    </ChartFrame>
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('usage.title')} data-testid="monitoring-usage">
          {frame(
            'monitoring-usage-chart',
            <LineChart
              series={usage}
              formatValue={formatPercent}
              max={100}
              height={CHART_HEIGHT}
              label={t('usage.title')}
              testId="monitoring-usage-chart"
            />,
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('usage.bandwidthTitle')} data-testid="monitoring-bandwidth">
          {frame(
            'monitoring-bandwidth-chart',
            <LineChart
              series={bandwidth}
              formatValue={formatBitRate}
              height={CHART_HEIGHT}
              label={t('usage.bandwidthTitle')}
              testId="monitoring-bandwidth-chart"
            />,
          )}
        </Card>
      </Col>
    </Row>
  );
}
