/**
 * The elastic IP calls (spec §7 Cloud phone EIP): the price and the purchase, the list, binding,
 * editing (a bandwidth raise is paid), renewals of one region, and traffic. Everything about the
 * customer's addresses (and their phone networks, `phoneNetworksKey`) lives under `eipsKey`, so a
 * purchase or an action refreshes it all.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Eip,
  EipPage,
  EipPurchaseBody,
  EipPurchaseResult,
  EipRenewResult,
  ModifySpecQuote,
  NetworkFlow,
  Order,
  PriceQuote,
} from '@cloudbay/contracts';
import type { EipViewStatus, FlowInterval } from '@cloudbay/contracts/core';
import { isOutcomeUnknown } from '../../../lib/idempotency';
import { refreshWhileChanging } from '../../../lib/live-refresh';
import { api } from '../../../lib/request';
import { currentUserKey } from '../../../lib/session';
import { getToken } from '../../../lib/storage';
import { useResourceMutation } from '../../../lib/use-resource-mutation';
import { flowWindow } from '../../office-sites/traffic';

export const eipsKey = ['eips'] as const;
export const phoneNetworksKey = [...eipsKey, 'networks'] as const;
const eipPath = (id: string) => `/user/ph/eip/${encodeURIComponent(id)}`;

/** GET /user/ph/eip/price's query (contracts `eipPriceQuery`, as sent). */
export interface EipPriceParams {
  region_id: number;
  bandwidth: number;
  period: number;
  quantity: number;
  /** Into this phone network (5–200 Mbps). */
  u_network_id?: string;
}

export async function getEipPrice(query: EipPriceParams): Promise<PriceQuote> {
  const { data } = await api.get<PriceQuote>('/user/ph/eip/price', { ...query });
  return data;
}

/** The live price of a purchase form; `query` undefined while it cannot be priced yet. */
export function useEipPrice(query: EipPriceParams | undefined) {
  return useQuery({
    queryKey: [...eipsKey, 'price', query],
    queryFn: () => getEipPrice(query!),
    enabled: query !== undefined && getToken() !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export interface EipPurchaseInput {
  body: EipPurchaseBody;
  idempotencyKey: string;
}

export async function purchaseEips({ body, idempotencyKey }: EipPurchaseInput): Promise<EipPurchaseResult> {
  const { data } = await api.post<EipPurchaseResult>('/user/ph/eip', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}

/** The purchase; on success or an unknown outcome the balance, the addresses, networks and orders are read again. */
export function usePurchaseEips() {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of [currentUserKey, eipsKey, ['orders']]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  return useMutation({
    mutationFn: purchaseEips,
    onSuccess: refresh,
    onError: (error) => {
      if (isOutcomeUnknown(error)) refresh();
    },
  });
}

/** GET /user/ph/eip's filters; absent keys are not sent. */
export interface EipFilterQuery {
  name?: string;
  address?: string;
  status?: EipViewStatus;
  region_id?: number;
  u_network_id?: string;
  expire_from?: string;
  expire_to?: string;
}

export async function listEips(query: EipFilterQuery & { page: number; limit: number }): Promise<EipPage> {
  const { data } = await api.get<EipPage>('/user/ph/eip', { ...query });
  return data;
}

const isChanging = (eip: Pick<Eip, 'status'>) =>
  eip.status === 'pending' || eip.status === 'creating' || eip.status === 'releasing';

/** A page of addresses, asked again while one is being made or released. */
export function useEips(query: EipFilterQuery & { page: number; limit: number }, enabled = true) {
  return useQuery({
    queryKey: [...eipsKey, 'list', query],
    queryFn: () => listEips(query),
    placeholderData: keepPreviousData,
    enabled: enabled && getToken() !== null,
    refetchInterval: refreshWhileChanging(isChanging),
  });
}

/**
 * A call that changes addresses: the lists are read again (phone networks live under the same key,
 * so their counts follow).
 */
function useEipMutation<V, R>(mutationFn: (variables: V) => Promise<R>, charges = false) {
  return useResourceMutation(eipsKey, mutationFn, { charges });
}

export const bindEip = async (input: { eipId: string; phoneId: string }) =>
  (await api.post<Eip>('/user/ph/eip/bind', { eip_id: input.eipId, phone_id: input.phoneId })).data;
export const unbindEip = async (eipId: string) =>
  (await api.post<Eip>('/user/ph/eip/unbind', { eip_id: eipId })).data;

export const useBindEip = () => useEipMutation(bindEip);
export const useUnbindEip = () => useEipMutation(unbindEip);

export interface UpdateEipInput {
  eipId: string;
  body: { name?: string; bandwidth?: number; auto_renew?: boolean };
  /** A bandwidth raise is paid: one key per intent. */
  idempotencyKey: string;
}

export async function updateEip({ eipId, body, idempotencyKey }: UpdateEipInput) {
  const { data } = await api.put<{ order: Order | null; eip: Eip }>(eipPath(eipId), body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}

export const useUpdateEip = () => useEipMutation(updateEip, true);

/** GET /user/ph/eip/{id}/bandwidth_price: what the change to `bandwidth` costs now. */
export function useEipBandwidthPrice(eipId: string, bandwidth: number | undefined) {
  return useQuery({
    queryKey: [...eipsKey, 'bandwidth-price', eipId, bandwidth],
    queryFn: async () =>
      (await api.get<ModifySpecQuote>(`${eipPath(eipId)}/bandwidth_price`, { bandwidth: bandwidth! })).data,
    enabled: bandwidth !== undefined && getToken() !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /user/ph/eip/renew_price: renewing these addresses for `period` months (summed). */
export function useEipRenewPrice(eipIds: readonly string[], period: number | undefined) {
  return useQuery({
    queryKey: [...eipsKey, 'renew-price', eipIds, period],
    queryFn: async () =>
      (await api.get<PriceQuote>('/user/ph/eip/renew_price', { eip_ids: eipIds.join(','), period: period! }))
        .data,
    enabled: period !== undefined && eipIds.length > 0 && getToken() !== null,
    retry: false,
  });
}

export interface RenewEipsInput {
  eipIds: readonly string[];
  period: number;
  idempotencyKey: string;
}

export async function renewEips({ eipIds, period, idempotencyKey }: RenewEipsInput) {
  const { data } = await api.post<EipRenewResult>(
    '/user/ph/eip/renew',
    { eip_ids: eipIds, period },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data;
}

export const useRenewEips = () => useEipMutation(renewEips, true);

/** GET /user/ph/eip/{eip_id}/monitor: traffic per step of `interval` over the window that suits it. */
export function useEipMonitor(eipId: string | undefined, interval: FlowInterval) {
  return useQuery({
    queryKey: [...eipsKey, 'monitor', eipId, interval],
    queryFn: async () =>
      (
        await api.get<NetworkFlow>(`${eipPath(eipId!)}/monitor`, {
          interval,
          ...flowWindow(interval, new Date()),
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled: eipId !== undefined && getToken() !== null,
  });
}
