/**
 * The proxies' requests (issue 19): static residential proxies (`/user/ph/proxy…`) and own proxies
 * (`/user/ph/own_proxy…`). Every change refetches both lists and the phones (a phone's proxy).
 */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  OwnProxy,
  OwnProxyBody,
  OwnProxyBulkResult,
  OwnProxyCheckStatus,
  OwnProxyPage,
  OwnProxyUpdateBody,
  PriceQuote,
  ProxyCredentials,
  ProxyPoolEntry,
  ProxyProtocol,
  ProxyPurchaseBody,
  ResidentialProxy,
  ResidentialProxyPage,
  ResidentialProxyStatus,
} from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phonesRootKey } from '../../phones/api/phone-groups';

const RESIDENTIAL = '/user/ph/proxy';
const OWN = '/user/ph/own_proxy';
export const proxiesKey = ['proxies'] as const;
const at = (base: string, id: string, tail = '') => `${base}/${encodeURIComponent(id)}${tail}`;
const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });
const signedIn = () => getToken() !== null;

async function refetchProxyViews(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: proxiesKey }),
    queryClient.invalidateQueries({ queryKey: phonesRootKey }),
  ]);
}

/** A mutation whose every answer (or refusal) refetches the proxy lists and the phones. */
function useProxyMutation<TVariables, TAnswer>(call: (variables: TVariables) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => refetchProxyViews(queryClient) });
}

// ------------------------------------------------------------------------------------ residential

export interface ResidentialFilter {
  keyword?: string;
  status?: ResidentialProxyStatus;
  country?: string;
  bound?: 'yes' | 'no';
}
type Paged<F> = F & { page: number; limit: number };

const SETTLING_STATUSES: readonly string[] = ['pending', 'creating', 'releasing'];

export function useResidentialProxies(query: Paged<ResidentialFilter>) {
  return useQuery({
    queryKey: [...proxiesKey, 'residential', query],
    queryFn: async () => (await api.get<ResidentialProxyPage>(RESIDENTIAL, { ...query })).data,
    placeholderData: keepPreviousData,
    enabled: signedIn(),
    // A proxy being made or released settles in seconds: follow it until it has.
    refetchInterval: (current) =>
      current.state.data?.list.some((proxy) => SETTLING_STATUSES.includes(proxy.status)) ? 3_000 : false,
  });
}

export function useProxyPool(enabled: boolean) {
  return useQuery({
    queryKey: [...proxiesKey, 'pool'],
    queryFn: async () => (await api.get<ProxyPoolEntry[]>(`${RESIDENTIAL}/pool`)).data,
    enabled: enabled && signedIn(),
  });
}

export function useProxyPrice(query: { period: number; quantity: number } | undefined) {
  return useQuery({
    queryKey: [...proxiesKey, 'price', query],
    queryFn: async () => (await api.get<PriceQuote>(`${RESIDENTIAL}/price`, { ...query })).data,
    enabled: query !== undefined && signedIn(),
    placeholderData: keepPreviousData,
  });
}

export function useBuyProxies() {
  return useProxyMutation(
    async ({ body, idempotencyKey }: { body: ProxyPurchaseBody; idempotencyKey: string }) => {
      const { data } = await api.post<{ proxy_ids: string[] }>(RESIDENTIAL, body, keyed(idempotencyKey));
      return data;
    },
  );
}

/** POST …/credentials: the login, read from the cloud each time (and logged). */
export function useRevealCredentials() {
  return useMutation({
    mutationFn: async (proxyId: string) =>
      (await api.post<ProxyCredentials>(at(RESIDENTIAL, proxyId, '/credentials'))).data,
  });
}

export function useCheckResidential() {
  return useProxyMutation(
    async (proxyId: string) => (await api.post<ResidentialProxy>(at(RESIDENTIAL, proxyId, '/check'))).data,
  );
}

export function useResidentialAutoRenew() {
  return useProxyMutation(
    async ({ proxyId, autoRenew }: { proxyId: string; autoRenew: boolean }) =>
      (await api.put<ResidentialProxy>(at(RESIDENTIAL, proxyId, '/auto_renew'), { auto_renew: autoRenew }))
        .data,
  );
}

/** DELETE /user/ph/proxy/{id}: released before its end (off its phone first; nothing refunded). */
export function useReleaseResidential() {
  return useProxyMutation(
    async (proxyId: string) => (await api.delete<ResidentialProxy>(at(RESIDENTIAL, proxyId))).data,
  );
}

export function useProxyRenewPrice(proxyId: string, period: number | undefined) {
  return useQuery({
    queryKey: [...proxiesKey, 'renew-price', proxyId, period],
    queryFn: async () =>
      (await api.get<PriceQuote>(at(RESIDENTIAL, proxyId, '/renew_price'), { period })).data,
    enabled: period !== undefined && signedIn(),
  });
}

export function useRenewProxy() {
  return useProxyMutation(
    async ({
      proxyId,
      period,
      idempotencyKey,
    }: {
      proxyId: string;
      period: number;
      idempotencyKey: string;
    }) =>
      (
        await api.post<{ proxy: ResidentialProxy }>(
          at(RESIDENTIAL, proxyId, '/renew'),
          { period },
          keyed(idempotencyKey),
        )
      ).data,
  );
}

// ------------------------------------------------------------------------------------ both kinds

export type ProxySource = 'residential' | 'own';
const BASE: Record<ProxySource, string> = { residential: RESIDENTIAL, own: OWN };

/** POST …/{id}/bind or /unbind `{ phone_id }`: the engine sets or clears the phone's proxy. */
export function useProxyBinding(source: ProxySource) {
  return useProxyMutation(
    async ({ proxyId, phoneId, bind }: { proxyId: string; phoneId: string; bind: boolean }) =>
      (await api.post<unknown>(at(BASE[source], proxyId, bind ? '/bind' : '/unbind'), { phone_id: phoneId }))
        .data,
  );
}

// ------------------------------------------------------------------------------------ own proxies

export interface OwnFilter {
  keyword?: string;
  protocol?: ProxyProtocol;
  check_status?: OwnProxyCheckStatus;
}

export function useOwnProxies(query: Paged<OwnFilter>) {
  return useQuery({
    queryKey: [...proxiesKey, 'own', query],
    queryFn: async () => (await api.get<OwnProxyPage>(OWN, { ...query })).data,
    placeholderData: keepPreviousData,
    enabled: signedIn(),
  });
}

export function useSaveOwnProxy() {
  return useProxyMutation(
    async ({
      id,
      body,
      idempotencyKey,
    }: {
      id?: string;
      body: OwnProxyUpdateBody;
      idempotencyKey: string;
    }) =>
      id === undefined
        ? (await api.post<OwnProxy>(OWN, body as OwnProxyBody, keyed(idempotencyKey))).data
        : (await api.put<OwnProxy>(at(OWN, id), body)).data,
  );
}

export function useBulkOwnProxies() {
  return useProxyMutation(
    async ({
      protocol,
      text,
      idempotencyKey,
    }: {
      protocol: ProxyProtocol;
      text: string;
      idempotencyKey: string;
    }) => (await api.post<OwnProxyBulkResult>(`${OWN}/bulk`, { protocol, text }, keyed(idempotencyKey))).data,
  );
}

export function useDeleteOwnProxy() {
  return useProxyMutation(async (id: string) => {
    await api.delete(at(OWN, id));
  });
}

export function useCheckOwnProxy() {
  return useProxyMutation(async (id: string) => (await api.post<OwnProxy>(at(OWN, id, '/check'))).data);
}
