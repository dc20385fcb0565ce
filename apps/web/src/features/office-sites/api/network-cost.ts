import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NetworkCost } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

/** `networkCostQuery` as the dialog sends it: every field present. */
export interface NetworkCostQuery {
  region_id: number;
  /** Mbps. */
  bandwidth: number;
  /** Months. */
  period: number;
}

/** GET /user/network_cost: what a new office network costs (the figure the purchase charges). */
export async function getNetworkCost(query: NetworkCostQuery): Promise<NetworkCost> {
  const { data } = await api.get<NetworkCost>('/user/network_cost', { ...query });
  return data;
}

/**
 * The purchase dialog's live price; nothing is asked until the form names a valid configuration
 * (`query` undefined). The last price stays on screen while the next one loads.
 */
export function useNetworkCost(query: NetworkCostQuery | undefined) {
  return useQuery({
    queryKey: ['network-cost', query],
    queryFn: () => getNetworkCost(query!),
    placeholderData: keepPreviousData,
    enabled: query !== undefined && getToken() !== null,
  });
}
