/**
 * Monitoring reads (spec §9: traffic per minute, 15 minutes or hour), shared by the desktop and
 * office network pages: the range of a `metricRangeQuery`, and a network flow series read from
 * the cloud's metrics. GET /user/office_site/{id}/network_flow uses `resolveMetricRange` and
 * `readNetworkFlow` with kind `office_site`, and `trafficPrice` for its cost.
 */
import {
  ErrorCode,
  FLOW_INTERVAL_SECONDS,
  MAX_METRIC_POINTS,
  type FlowInterval,
  type NetworkFlow,
  type RealTimeData,
} from '@cloudbay/contracts';
import type { CoreDeps } from '../../app-deps';
import { concurrently } from '../../db/concurrently';
import { AppError } from '../../lib/errors';
import type { CloudMetric, CloudProvider, MeteredKind, MetricPoint } from '../../providers/cloud/types';
import { trafficCharge } from '../catalog/pricing';
import { formatRate } from '../catalog/service';
import { trafficRates } from '../billing/rates';
import { cloudErrorToAppError } from '../provisioning/cloud-calls';

const HOUR_MS = 3_600_000;
/** A client clock this far ahead still asks for "now" (its end is taken as now). */
export const CLOCK_SKEW_MS = 60_000;

export interface MetricRange {
  interval: FlowInterval;
  stepSeconds: number;
  /** The first step's start: the asked start taken back to a whole step. */
  from: Date;
  to: Date;
  /** How many steps the range holds. */
  points: number;
}

const invalid = (field: string) =>
  new AppError('business_rule', ErrorCode.VALIDATION_FAILED, { fields: `query.${field}` });

/**
 * The range of a monitoring query at `now`: no end is now, no start is an hour before the end.
 * 422 VALIDATION_FAILED (naming the field) when the end is in the future, the start is not before
 * the end, or the range holds more than MAX_METRIC_POINTS steps of the interval.
 */
export function resolveMetricRange(
  query: { interval: FlowInterval; start?: string; end?: string },
  now: Date,
): MetricRange {
  const stepSeconds = FLOW_INTERVAL_SECONDS[query.interval];
  const stepMs = stepSeconds * 1000;
  let to = query.end === undefined ? now : new Date(query.end);
  if (to.getTime() > now.getTime() + CLOCK_SKEW_MS) throw invalid('end');
  if (to > now) to = now;
  const start = query.start === undefined ? new Date(to.getTime() - HOUR_MS) : new Date(query.start);
  if (!(start < to)) throw invalid('start');
  const from = new Date(Math.floor(start.getTime() / stepMs) * stepMs);
  const points = Math.ceil((to.getTime() - from.getTime()) / stepMs);
  if (points > MAX_METRIC_POINTS) throw invalid('interval');
  return { interval: query.interval, stepSeconds, from, to, points };
}

/** One metric per step start (ms), as the cloud answered it. */
async function series(
  cloud: CloudProvider,
  kind: MeteredKind,
  instanceId: string,
  range: MetricRange,
  metrics: readonly CloudMetric[],
): Promise<Map<number, Partial<Record<CloudMetric, number>>>> {
  const answers = await Promise.all(
    metrics.map((metric) =>
      cloud.metrics(kind, instanceId, {
        metric,
        from: range.from,
        to: range.to,
        stepSeconds: range.stepSeconds,
      }),
    ),
  );
  const steps = new Map<number, Partial<Record<CloudMetric, number>>>();
  answers.forEach((points: MetricPoint[], index) => {
    for (const point of points) {
      const at = point.at.getTime();
      steps.set(at, { ...steps.get(at), [metrics[index]!]: point.value });
    }
  });
  return new Map([...steps].sort(([a], [b]) => a - b));
}

export type FlowSeries = Omit<NetworkFlow, 'traffic_price'>;

/**
 * Traffic of a resource over the range, step by step (bytes moved and the average bit rates), as
 * the cloud's metrics report them; steps the resource did not exist in are left out.
 */
export async function readNetworkFlow(
  cloud: CloudProvider,
  kind: MeteredKind,
  instanceId: string,
  range: MetricRange,
): Promise<FlowSeries> {
  const steps = await series(cloud, kind, instanceId, range, [
    'traffic_in',
    'traffic_out',
    'bandwidth_in',
    'bandwidth_out',
  ]);
  const points = [...steps].map(([at, values]) => ({
    time: new Date(at).toISOString(),
    in_bytes: values.traffic_in ?? 0,
    out_bytes: values.traffic_out ?? 0,
    in_bps: values.bandwidth_in ?? 0,
    out_bps: values.bandwidth_out ?? 0,
  }));
  return {
    interval: range.interval,
    points,
    total_in_bytes: points.reduce((sum, point) => sum + point.in_bytes, 0),
    total_out_bytes: points.reduce((sum, point) => sum + point.out_bytes, 0),
  };
}

/**
 * What `bytes` of outbound traffic cost at a rate per GB (micro-dollars), as the hourly bill
 * charges it (`trafficCharge`), shown to the mill.
 */
export const trafficPrice = (ratePerGbMicros: bigint, bytes: number): string =>
  formatRate(trafficCharge(ratePerGbMicros, BigInt(Math.round(bytes))));

/** CPU, memory and disk use (percent) and bandwidth (bits per second) of a desktop over the range. */
export async function readRealTimeData(
  cloud: CloudProvider,
  instanceId: string,
  range: MetricRange,
): Promise<RealTimeData> {
  const steps = await series(cloud, 'desktop', instanceId, range, [
    'cpu',
    'memory',
    'disk',
    'bandwidth_in',
    'bandwidth_out',
  ]);
  return {
    interval: range.interval,
    points: [...steps].map(([at, values]) => ({
      time: new Date(at).toISOString(),
      cpu: values.cpu ?? 0,
      memory: values.memory ?? 0,
      disk: values.disk ?? 0,
      bandwidth_in: values.bandwidth_in ?? 0,
      bandwidth_out: values.bandwidth_out ?? 0,
    })),
  };
}

/**
 * A metered line's traffic over the query's range and what its outbound bytes cost at its region's
 * rate (the hourly bill's figure): an office network's network_flow, an elastic IP's monitor. One
 * the cloud has not made yet answers 409 RESOURCE_NOT_READY.
 */
export async function pricedNetworkFlow(
  deps: Pick<CoreDeps, 'cloud' | 'clock' | 'database'>,
  kind: MeteredKind,
  line: { instanceId: string | null; regionId: number | null },
  query: { interval: FlowInterval; start?: string; end?: string },
): Promise<NetworkFlow> {
  const { db } = deps.database;
  const { instanceId } = line;
  if (instanceId === null) throw new AppError('conflict', ErrorCode.RESOURCE_NOT_READY);
  const range = resolveMetricRange(query, deps.clock.now());
  const [flow, rates] = await concurrently(
    db,
    () =>
      readNetworkFlow(deps.cloud, kind, instanceId, range).catch((error: unknown) => {
        throw cloudErrorToAppError(error);
      }),
    () => trafficRates(db, [line.regionId]),
  );
  return { ...flow, traffic_price: trafficPrice(rates.get(line.regionId)!, flow.total_out_bytes) };
}
