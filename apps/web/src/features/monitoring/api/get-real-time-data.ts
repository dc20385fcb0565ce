import { useQuery } from '@tanstack/react-query';
import type { FlowInterval } from '@cloudbay/contracts/core';
import type { RealTimeData } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { rangeKey, toMetricQuery, type MetricRange } from '../metric-range';
import { monitoringKey } from './monitoring-keys';
import { fetchOptions, refreshEvery, type MetricRequest } from './metric-request';

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

export function useRealTimeData(request: MetricRequest) {
  const { desktopId, range, interval, autoRefresh } = request;
  return useQuery({
    queryKey: [...monitoringKey, 'usage', desktopId, rangeKey(range), interval],
    queryFn: () => getRealTimeData(desktopId!, range, interval!),
    refetchInterval: refreshEvery(range, autoRefresh),
    ...fetchOptions(request),
  });
}
