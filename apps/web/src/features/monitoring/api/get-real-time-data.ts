import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FlowInterval } from '@cloudbay/contracts/core';
import type { RealTimeData } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { rangeKey, toMetricQuery, type MetricRange } from '../metric-range';
import { monitoringKey } from './monitoring-keys';
import { refreshEvery, type MetricRequest } from './metric-request';

/** GET /user/desktop/{desktop_id}/real_time_data: CPU, memory and disk use and bandwidth per step. */
export async function getRealTimeData(
  desktopId: string,
  range: MetricRange,
  interval: FlowInterval,
): Promise<RealTimeData> {
  const { data } = await api.get<RealTimeData>(
    `/user/desktop/${encodeURIComponent(desktopId)}/real_time_data`,
    { ...toMetricQuery(range, interval, Date.now()) },
  );
  return data;
}

export function useRealTimeData({ desktopId, range, interval, autoRefresh }: MetricRequest) {
  return useQuery({
    queryKey: [...monitoringKey, 'usage', desktopId, rangeKey(range), interval],
    queryFn: () => getRealTimeData(desktopId!, range, interval!),
    placeholderData: keepPreviousData,
    refetchInterval: refreshEvery(range, autoRefresh),
    enabled: desktopId !== undefined && interval !== undefined && getToken() !== null,
  });
}
