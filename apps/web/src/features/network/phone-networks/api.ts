/**
 * The custom phone network calls (spec §7 Phone networks): the list, the price, creation and
 * renewal (paid, Idempotency-Key), and putting a phone behind one of a network's addresses or
 * taking it out. They live under the elastic IPs' key, so either page's changes refresh both.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Eip, Order, PhoneNetwork, PhoneNetworkPage, PriceQuote } from '@cloudbay/contracts';
import { refreshWhileChanging } from '../../../lib/live-refresh';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { useResourceMutation } from '../../../lib/use-resource-mutation';
import { eipsKey, phoneNetworksKey } from '../eip/api';

const BASE = '/user/ph/ph_u_network';
const networkPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export interface PhoneNetworkFilterQuery {
  name?: string;
  region_id?: number;
}

export function usePhoneNetworks(query: PhoneNetworkFilterQuery & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...phoneNetworksKey, 'list', query],
    queryFn: async () => (await api.get<PhoneNetworkPage>(BASE, { ...query })).data,
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
    refetchInterval: refreshWhileChanging<PhoneNetwork>(
      (network) => network.status === 'pending' || network.status === 'creating',
    ),
  });
}

/** GET …/price: a network for `period` months in a region (what /create and a renewal charge). */
export function usePhoneNetworkPrice(regionId: number | undefined, period: number | undefined) {
  return useQuery({
    queryKey: [...phoneNetworksKey, 'price', regionId, period],
    queryFn: async () =>
      (await api.get<PriceQuote>(`${BASE}/price`, { region_id: regionId!, period: period! })).data,
    enabled: regionId !== undefined && period !== undefined && getToken() !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface CreatePhoneNetworkInput {
  body: { name: string; region_id: number; quota: number; period: number; auto_renew: boolean; agreed: true };
  idempotencyKey: string;
}

async function createPhoneNetwork({ body, idempotencyKey }: CreatePhoneNetworkInput) {
  const { data } = await api.post<{ order: Order; u_network_id: string }>(`${BASE}/create`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}

export const useCreatePhoneNetwork = () =>
  useResourceMutation(eipsKey, createPhoneNetwork, { charges: true });

export interface RenewPhoneNetworkInput {
  networkId: string;
  period: number;
  idempotencyKey: string;
}

async function renewPhoneNetwork({ networkId, period, idempotencyKey }: RenewPhoneNetworkInput) {
  const { data } = await api.post<{ order: Order; network: PhoneNetwork }>(
    `${networkPath(networkId)}/renew`,
    { period },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data;
}

export const useRenewPhoneNetwork = () => useResourceMutation(eipsKey, renewPhoneNetwork, { charges: true });

export interface UpdatePhoneNetworkInput {
  networkId: string;
  body: { name?: string; auto_renew?: boolean };
}

/** PUT …/{id}: a new name, auto-renew on or off (nothing is charged: no Idempotency-Key). */
async function updatePhoneNetwork({ networkId, body }: UpdatePhoneNetworkInput) {
  return (await api.put<PhoneNetwork>(networkPath(networkId), body)).data;
}

export const useUpdatePhoneNetwork = () => useResourceMutation(eipsKey, updatePhoneNetwork);

export interface NetworkPhoneInput {
  networkId: string;
  eipId: string;
  phoneId: string;
}

async function bindPhoneInNetwork({ networkId, eipId, phoneId }: NetworkPhoneInput) {
  const url = `${networkPath(networkId)}/eip/${encodeURIComponent(eipId)}/bind_ph`;
  return (await api.post<Eip>(url, { phone_id: phoneId })).data;
}

async function unbindPhoneInNetwork({ networkId, phoneId }: Omit<NetworkPhoneInput, 'eipId'>) {
  return (await api.post<Eip>(`${networkPath(networkId)}/eip/unbind_ph`, { phone_id: phoneId })).data;
}

export const useBindPhoneInNetwork = () => useResourceMutation(eipsKey, bindPhoneInNetwork);
export const useUnbindPhoneInNetwork = () => useResourceMutation(eipsKey, unbindPhoneInNetwork);
