import { keepPreviousData } from '@tanstack/react-query';
import type { FlowInterval } from '@cloudbay/contracts/core';
import { getToken } from '../../../lib/storage';
import { endsNow, type MetricRange } from '../metric-range';

/** What the charts ask for; nothing is fetched without a desktop or an allowed step. */
export interface MetricRequest {
  desktopId: string | undefined;
  range: MetricRange;
  interval: FlowInterval | undefined;
  autoRefresh: boolean;
}

/** How often the charts refresh themselves while their range ends now. */
export const AUTO_REFRESH_MS = 30_000;

/** The refetch interval of a chart's query: every 30 s for a range ending now, else never. */
export function refreshEvery(range: MetricRange, autoRefresh: boolean): number | false {
  return autoRefresh && endsNow(range) ? AUTO_REFRESH_MS : false;
}

/**
 * Whether a chart's query runs, and what it shows meanwhile: the previous range's answer while the
 * next one loads, but nothing once it cannot run (no step allows the range): a disabled query would
 * otherwise keep showing the old range's charts, totals and cost.
 */
export function fetchOptions({ desktopId, interval }: MetricRequest) {
  const enabled = desktopId !== undefined && interval !== undefined && getToken() !== null;
  return { enabled, placeholderData: enabled ? keepPreviousData : undefined };
}
