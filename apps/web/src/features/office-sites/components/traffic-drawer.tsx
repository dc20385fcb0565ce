import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Flex,
  Result,
  Row,
  Segmented,
  Skeleton,
  Statistic,
  Table,
  theme,
  type TableColumnsType,
} from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { NetworkFlow, OfficeSite } from '@cloudbay/contracts';
import { FLOW_INTERVALS, type FlowInterval } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { LineChart, type ChartSeries } from '../../../components/line-chart';
import { formatDateTime } from '../../../lib/format-time';
import { formatDollars } from '../../../lib/money';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useNetworkFlow } from '../api/network-flow';
// The monitoring page's units: traffic in decimal units, as it is billed per 10⁹ bytes.
import { formatBitRate, formatBytes } from '../../../lib/traffic-units';

const DRAWER_WIDTH = 760;
const ROWS_PER_PAGE = 15;
const CHART_HEIGHT = 240;

type FlowPoint = NetworkFlow['points'][number];

function useColumns(): TableColumnsType<FlowPoint> {
  const { t } = useTranslation('officeSites');
  const figure = (text: string) => (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{text}</span>
  );
  return [
    {
      key: 'time',
      title: t('traffic.time'),
      render: (_, point) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(point.time)}</span>,
    },
    {
      key: 'in',
      title: t('traffic.in'),
      align: 'right',
      render: (_, point) => figure(formatBytes(point.in_bytes)),
    },
    {
      key: 'out',
      title: t('traffic.out'),
      align: 'right',
      render: (_, point) => figure(formatBytes(point.out_bytes)),
    },
    {
      key: 'inBps',
      title: t('traffic.inRate'),
      align: 'right',
      render: (_, point) => figure(formatBitRate(point.in_bps)),
    },
    {
      key: 'outBps',
      title: t('traffic.outRate'),
      align: 'right',
      render: (_, point) => figure(formatBitRate(point.out_bps)),
    },
  ];
}

function FlowTotals({ flow, testIdPrefix }: { flow: NetworkFlow; testIdPrefix: string }) {
  const { t } = useTranslation('officeSites');
  return (
    <Row gutter={[12, 12]} data-testid={`${testIdPrefix}-totals`}>
      <Col xs={12} sm={8}>
        <Card size="small">
          <Statistic title={t('traffic.totalIn')} value={formatBytes(flow.total_in_bytes)} />
        </Card>
      </Col>
      <Col xs={12} sm={8}>
        <Card size="small">
          <Statistic title={t('traffic.totalOut')} value={formatBytes(flow.total_out_bytes)} />
        </Card>
      </Col>
      {flow.traffic_price !== null ? (
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic title={t('traffic.cost')} value={formatDollars(flow.traffic_price)} />
          </Card>
        </Col>
      ) : null}
    </Row>
  );
}

/** Bytes in and out per step, over time. */
function FlowChart({ points, testIdPrefix }: { points: readonly FlowPoint[]; testIdPrefix: string }) {
  const { t } = useTranslation('officeSites');
  const { token } = theme.useToken();
  const series = useMemo<ChartSeries[]>(() => {
    const line = (name: string, color: string, bytes: (point: FlowPoint) => number): ChartSeries => ({
      name,
      color,
      area: true,
      points: points.map((point) => [Date.parse(point.time), bytes(point)] as const),
    });
    return [
      line(t('traffic.in'), token.colorPrimary, (point) => point.in_bytes),
      line(t('traffic.out'), token.colorSuccess, (point) => point.out_bytes),
    ];
  }, [points, t, token.colorPrimary, token.colorSuccess]);
  return (
    <LineChart
      series={series}
      formatValue={formatBytes}
      height={CHART_HEIGHT}
      label={t('traffic.chart')}
      testId={`${testIdPrefix}-chart`}
    />
  );
}

export interface FlowDrawerProps {
  title: string;
  /** What the traffic costs ("billed at $0.077/GB"), when it is billed. */
  billingNote: string | null;
  /** The step chosen, and the figures asked for it (an office network's network_flow, an EIP's monitor). */
  step: FlowInterval;
  onStep: (step: FlowInterval) => void;
  flow: UseQueryResult<NetworkFlow>;
  open: boolean;
  onClose: () => void;
  /** `<prefix>-drawer`, `-interval`, `-totals`, `-chart`, `-table`, `-error`. */
  testIdPrefix: string;
}

/**
 * A line's traffic: totals over the window and a row per step, by the minute for the last hour, by
 * 15 minutes for the last day or by the hour for the last week. Office networks and elastic IPs
 * show their traffic in it.
 */
export function FlowDrawer({
  title,
  billingNote,
  step,
  onStep,
  flow,
  open,
  onClose,
  testIdPrefix,
}: FlowDrawerProps) {
  const { t } = useTranslation('officeSites');
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const columns = useColumns();

  const body = () => {
    if (flow.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (flow.isError) {
      return (
        <Result
          status="error"
          title={t('traffic.loadFailed')}
          extra={<Button onClick={() => void flow.refetch()}>{t('action.retry')}</Button>}
          data-testid={`${testIdPrefix}-error`}
        />
      );
    }
    // The table lists the newest first: the latest minutes are what the reader came for.
    const points = [...flow.data.points].reverse();
    return (
      <Flex vertical gap="middle">
        <FlowTotals flow={flow.data} testIdPrefix={testIdPrefix} />
        {points.length > 0 ? <FlowChart points={flow.data.points} testIdPrefix={testIdPrefix} /> : null}
        <Table<FlowPoint>
          rowKey="time"
          size="small"
          columns={columns}
          dataSource={points}
          loading={flow.isFetching && flow.isPlaceholderData}
          pagination={
            points.length > ROWS_PER_PAGE ? { pageSize: ROWS_PER_PAGE, showSizeChanger: false } : false
          }
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('traffic.empty')} />,
          }}
          data-testid={`${testIdPrefix}-table`}
        />
      </Flex>
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={isMobile ? '100%' : DRAWER_WIDTH}
      destroyOnHidden
      data-testid={`${testIdPrefix}-drawer`}
    >
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" gap="small">
          <Segmented<FlowInterval>
            value={step}
            onChange={onStep}
            options={FLOW_INTERVALS.map((interval) => ({
              value: interval,
              label: t(`traffic.range.${interval}`),
            }))}
            data-testid={`${testIdPrefix}-interval`}
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void flow.refetch()}
            loading={flow.isFetching}
            aria-label={t('action.refresh')}
          >
            {isMobile ? null : t('action.refresh')}
          </Button>
        </Flex>
        <span style={{ color: token.colorTextSecondary }}>
          {t(`traffic.step.${step}`)}
          {billingNote !== null ? ` · ${billingNote}` : null}
        </span>
        {body()}
      </Flex>
    </Drawer>
  );
}

export interface TrafficDrawerProps {
  site: OfficeSite;
  open: boolean;
  onClose: () => void;
}

/** A paid office network's traffic (GET …/network_flow). */
export function TrafficDrawer({ site, open, onClose }: TrafficDrawerProps) {
  const { t } = useTranslation('officeSites');
  const [step, setStep] = useState<FlowInterval>('1m');
  const flow = useNetworkFlow(open ? site.office_site_id : undefined, step);
  return (
    <FlowDrawer
      title={t('traffic.title', { name: site.name })}
      billingNote={
        site.traffic_price !== null
          ? t('traffic.billing', { price: formatDollars(site.traffic_price) })
          : null
      }
      step={step}
      onStep={setStep}
      flow={flow}
      open={open}
      onClose={onClose}
      testIdPrefix="office-traffic"
    />
  );
}
