import { useQuery } from '@tanstack/react-query';
import type { FlowInterval } from '@cloudbay/contracts/core';
import type { NetworkFlow } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { rangeKey, toMetricQuery, type MetricRange } from '../metric-range';
import { monitoringKey } from './monitoring-keys';
import { fetchOptions, refreshEvery, type MetricRequest } from './metric-request';

/** GET /user/desktop/{desktop_id}/network_flow: traffic in and out per step over the range. */
export async function getNetworkFlow(
  desktopId: string,
  range: MetricRange,
  interval: FlowInterval,
): Promise<NetworkFlow> {
  const { data } = await api.get<NetworkFlow>(`/user/desktop/${encodeURIComponent(desktopId)}/network_flow`, {
    ...toMetricQuery(range, interval, Date.now()),
  });
  return data;
}

export function useNetworkFlow(request: MetricRequest) {
  const { desktopId, range, interval, autoRefresh } = request;
  return useQuery({
    queryKey: [...monitoringKey, 'flow', desktopId, rangeKey(range), interval],
    queryFn: () => getNetworkFlow(desktopId!, range, interval!),
    refetchInterval: refreshEvery(range, autoRefresh),
    ...fetchOptions(request),
  });
}
