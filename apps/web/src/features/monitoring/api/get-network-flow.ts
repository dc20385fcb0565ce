import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FlowInterval } from '@cloudbay/contracts/core';
import type { NetworkFlow } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { rangeKey, toMetricQuery, type MetricRange } from '../metric-range';
import { monitoringKey } from './monitoring-keys';
import { refreshEvery, type MetricRequest } from './metric-request';

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

export function useNetworkFlow({ desktopId, range, interval, autoRefresh }: MetricRequest) {
  return useQuery({
    queryKey: [...monitoringKey, 'flow', desktopId, rangeKey(range), interval],
    queryFn: () => getNetworkFlow(desktopId!, range, interval!),
    placeholderData: keepPreviousData,
    refetchInterval: refreshEvery(range, autoRefresh),
    enabled: desktopId !== undefined && interval !== undefined && getToken() !== null,
  });
}
