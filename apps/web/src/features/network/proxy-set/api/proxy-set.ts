/**
 * The /proxySet page's calls: the public proxy set API, with the link's token in its header and no
 * console session (the page is open without login).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProxyConfig, ProxySet } from '@cloudbay/contracts';
import { PROXY_SET_TOKEN_HEADER } from '@cloudbay/contracts/core';
import { api } from '../../../../lib/request';

export interface ProxySetAccess {
  resourceId: string;
  token: string;
}

const setPath = (resourceId: string) => `/proxy_set/${encodeURIComponent(resourceId)}`;
const options = (token: string) => ({ auth: false, headers: { [PROXY_SET_TOKEN_HEADER]: token } });
const setKey = (access: ProxySetAccess) => ['proxy-set', access.resourceId, access.token] as const;

export function useProxySet(access: ProxySetAccess) {
  return useQuery({
    queryKey: setKey(access),
    queryFn: async () =>
      (await api.get<ProxySet>(setPath(access.resourceId), undefined, options(access.token))).data,
    // A refused link stays refused: asking again would only repeat the message.
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** PUT: the whole list replaced; the answer is what the client will read from now on. */
export function useSaveProxySet(access: ProxySetAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (configs: ProxyConfig[]) =>
      (await api.put<ProxySet>(setPath(access.resourceId), { configs }, options(access.token))).data,
    onSuccess: (saved) => queryClient.setQueryData(setKey(access), saved),
  });
}
