import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NetworkFlow } from '@cloudbay/contracts';
import type { FlowInterval } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { flowWindow } from '../traffic';
import { officeSitePath as sitePath, officeSitesKey } from './list-office-sites';

/** GET /user/office_site/{id}/network_flow: traffic per step of `interval` over the window that suits it. */
export async function getNetworkFlow(id: string, interval: FlowInterval): Promise<NetworkFlow> {
  const { start, end } = flowWindow(interval, new Date());
  const { data } = await api.get<NetworkFlow>(`${sitePath(id)}/network_flow`, { interval, start, end });
  return data;
}

/** The traffic drawer's figures; the window ends now at every (re)load. */
export function useNetworkFlow(id: string | undefined, interval: FlowInterval) {
  return useQuery({
    queryKey: [...officeSitesKey, 'network-flow', id, interval],
    queryFn: () => getNetworkFlow(id!, interval),
    placeholderData: keepPreviousData,
    enabled: id !== undefined && getToken() !== null,
  });
}
