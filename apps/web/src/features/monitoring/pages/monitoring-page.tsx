import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Skeleton } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import type { Desktop } from '@cloudbay/contracts';
import type { FlowInterval } from '@cloudbay/contracts/core';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FirstUseEmpty, ListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { lazyPart } from '../../../lib/lazy-part';
import { useDict } from '../../../lib/dict-cache';
import { useNetworkFlow } from '../api/get-network-flow';
import { useRealTimeData } from '../api/get-real-time-data';
import { useDesktopChoices, useLinkedDesktop } from '../api/list-desktops';
import { monitoringKey } from '../api/monitoring-keys';
import { FlowCard } from '../components/flow-card';
import { ProcessCard } from '../components/process-card';
import { RangeToolbar, type RangeToolbarProps } from '../components/range-toolbar';
import { UsageCard } from '../components/usage-card';
import { DEFAULT_QUICK_RANGE, MAX_RANGE_MS, defaultInterval, type MetricRange } from '../metric-range';
import { BUY_DESKTOP_PATH, DESKTOP_PARAM } from '../paths';

// The desktop picker (antd Select with rc-select and its virtual list, about 21 KB gzip) downloads
// from the page's mount on, while the desktops and their figures are requested; the input's
// skeleton holds its place meanwhile. ECharts comes later still (components/line-chart.tsx).
const DesktopPicker = lazyPart(() => import('../components/desktop-picker'), 'DesktopPicker');

/**
 * The desktop a visit starts with when no link names one: the first running one, else the first
 * the cloud has made (it has metrics), else the first.
 */
function defaultDesktop(desktops: readonly Desktop[]): Desktop | undefined {
  return (
    desktops.find((desktop) => desktop.status === 'running') ??
    desktops.find((desktop) => desktop.instance_id !== null) ??
    desktops[0]
  );
}

/**
 * Which desktop is shown: the one the URL names (`?desktop_id=`, how the desktop list links here),
 * found on the first page, among what was picked, or by paging through the list; without one, or
 * when the named one is not the caller's, the default.
 */
function useShownDesktop() {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get(DESKTOP_PARAM) || undefined;
  const firstPage = useDesktopChoices('');
  const [picked, setPicked] = useState<Desktop>();
  const list = firstPage.data?.list ?? [];
  const known = [...list, ...(picked ? [picked] : [])].find((desktop) => desktop.desktop_id === linkedId);
  const linked = useLinkedDesktop(linkedId, firstPage.isSuccess && !known);
  const linkedMissing = linkedId !== undefined && !known && linked.data === null;
  const desktop = known ?? linked.data ?? (linkedId && !linkedMissing ? undefined : defaultDesktop(list));

  const pick = (next: Desktop) => {
    setPicked(next);
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set(DESKTOP_PARAM, next.desktop_id);
        return params;
      },
      { replace: true },
    );
  };
  const resolving = firstPage.isPending || (linkedId !== undefined && !known && linked.isPending);
  return { firstPage, desktop, pick, linkedMissing, linkedId, resolving };
}

/** The range, its step and auto-refresh; a new range starts with its own default step. */
function useRangeState() {
  const initial: MetricRange = { kind: 'quick', range: DEFAULT_QUICK_RANGE };
  const [range, setRange] = useState<MetricRange>(initial);
  const [interval, setChosenInterval] = useState<FlowInterval | undefined>(() => defaultInterval(initial));
  const [picked, setPicked] = useState<RangeToolbarProps['picked']>(null);
  const [autoRefresh, setAutoRefresh] = useState(true);

  const apply = (next: MetricRange) => {
    setRange(next);
    setChosenInterval(defaultInterval(next));
  };
  return {
    range,
    interval,
    picked,
    autoRefresh,
    setChosenInterval,
    setAutoRefresh,
    onQuickRange: (quick: Parameters<RangeToolbarProps['onQuickRange']>[0]) => {
      setPicked(null);
      apply({ kind: 'quick', range: quick });
    },
    onCustomRange: (value: RangeToolbarProps['picked'], start: number, end: number) => {
      setPicked(value);
      apply({ kind: 'custom', start, end });
    },
  };
}

/** No desktop yet: what this page is for, and the way to buy one. */
function NoDesktops() {
  const { t } = useTranslation('monitoring');
  return (
    <Card>
      <FirstUseEmpty title={t('page.empty')} hint={t('page.emptyHint')} testId="monitoring-empty">
        <Link to={BUY_DESKTOP_PATH}>
          <Button type="primary" icon={<ShoppingCartOutlined />} data-testid="monitoring-buy">
            {t('page.buy')}
          </Button>
        </Link>
      </FirstUseEmpty>
    </Card>
  );
}

/** A desktop the cloud has not made yet has no metrics: say so instead of asking for them. */
function NotCreated() {
  const { t } = useTranslation('monitoring');
  return (
    <Card>
      <Empty description={t('page.notCreated')} data-testid="monitoring-not-created" />
    </Card>
  );
}

/** The charts and processes of one desktop over the chosen range. */
function DesktopMonitoring({
  desktop,
  rangeState,
}: {
  desktop: Desktop;
  rangeState: ReturnType<typeof useRangeState>;
}) {
  const { t } = useTranslation('monitoring');
  const { range, interval, autoRefresh } = rangeState;
  const request = { desktopId: desktop.desktop_id, range, interval, autoRefresh };
  const flow = useNetworkFlow(request);
  const usage = useRealTimeData(request);
  const statuses = useDict('desktop_status').desktop_status;

  // No step allows the range: nothing is asked for it, and the cards would show either another
  // range's figures or a skeleton that never ends; the warning stands in for them.
  return (
    <>
      {interval === undefined ? (
        <Alert
          type="warning"
          showIcon
          title={t('toolbar.rangeTooLong', { days: Math.floor(MAX_RANGE_MS / 86_400_000) })}
          data-testid="monitoring-range-refused"
        />
      ) : (
        <>
          <FlowCard query={flow} />
          <UsageCard query={usage} />
        </>
      )}
      <ProcessCard desktop={desktop} statuses={statuses} />
    </>
  );
}

/**
 * /cloud/log: one desktop's network traffic, CPU, memory, disk and bandwidth over a time range, and
 * what runs in it now (spec §2 Cloud computer menu, §7 Desktops monitoring, §9 intervals).
 */
export function MonitoringPage() {
  const { t } = useTranslation('monitoring');
  const queryClient = useQueryClient();
  const shown = useShownDesktop();
  const rangeState = useRangeState();
  const statuses = useDict('desktop_status').desktop_status;
  const { firstPage, desktop } = shown;
  const refreshing = useIsFetching({ queryKey: monitoringKey }) > 0;

  let body;
  if (firstPage.isError)
    body = (
      <Card>
        <ListEmpty description={t('page.loadFailed')} testId="monitoring-error">
          <Button onClick={() => void firstPage.refetch()}>{t('chart.retry')}</Button>
        </ListEmpty>
      </Card>
    );
  else if (firstPage.data?.total === 0) body = <NoDesktops />;
  else if (shown.resolving || !desktop)
    body = (
      <Card data-testid="monitoring-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  else
    body = (
      <>
        <Card>
          <Flex vertical gap="middle">
            <Flex vertical gap={4} style={{ maxWidth: 420 }}>
              <DesktopPicker
                value={desktop}
                onChange={shown.pick}
                statuses={statuses}
                fallback={<Skeleton.Input active block />}
              />
            </Flex>
            <RangeToolbar
              range={rangeState.range}
              picked={rangeState.picked}
              onQuickRange={rangeState.onQuickRange}
              onCustomRange={rangeState.onCustomRange}
              interval={rangeState.interval}
              onInterval={rangeState.setChosenInterval}
              autoRefresh={rangeState.autoRefresh}
              onAutoRefresh={rangeState.setAutoRefresh}
              onRefresh={() => void queryClient.invalidateQueries({ queryKey: monitoringKey })}
              refreshing={refreshing}
            />
          </Flex>
        </Card>
        {shown.linkedMissing ? (
          <Alert
            type="info"
            showIcon
            closable
            title={t('page.linkedMissing', { id: shown.linkedId })}
            data-testid="monitoring-linked-missing"
          />
        ) : null}
        {desktop.instance_id === null ? (
          <NotCreated />
        ) : (
          <DesktopMonitoring key={desktop.desktop_id} desktop={desktop} rangeState={rangeState} />
        )}
      </>
    );

  return (
    <Flex vertical gap="large" data-testid="page-monitoring">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      {body}
    </Flex>
  );
}
