import { useQuery } from '@tanstack/react-query';
import type { MonthFlow, RegionNetworkCost, Statistics } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

/** Every cached statistics answer lives under this key. */
export const statisticsKey = ['statistics'] as const;

/** GET /user/statistics: this and last month's spend per product type. */
export function useStatistics() {
  return useQuery({
    queryKey: [...statisticsKey, 'months'],
    queryFn: async () => (await api.get<Statistics>('/user/statistics')).data,
    enabled: getToken() !== null,
  });
}

/** GET /user/statistics/month_flow_metric: metered traffic of the last 12 months, oldest first. */
export function useMonthFlow() {
  return useQuery({
    queryKey: [...statisticsKey, 'flow'],
    queryFn: async () => (await api.get<MonthFlow[]>('/user/statistics/month_flow_metric')).data,
    enabled: getToken() !== null,
  });
}

/** GET /user/statistics/region_network_cost: one month's traffic and its cost per region. */
export function useRegionNetworkCost(month: string | undefined) {
  return useQuery({
    queryKey: [...statisticsKey, 'regions', month ?? 'current'],
    queryFn: async () =>
      (
        await api.get<RegionNetworkCost>(
          '/user/statistics/region_network_cost',
          month === undefined ? {} : { month },
        )
      ).data,
    enabled: getToken() !== null,
  });
}
