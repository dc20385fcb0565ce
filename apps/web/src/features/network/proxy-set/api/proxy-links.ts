/** The console's side of the proxy set: a desktop's or phone's proxy settings link (issue 19). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProxyLinkCreated, ProxyLinkStatus } from '@cloudbay/contracts';
import type { ProxySetKind } from '@cloudbay/contracts/core';
import { api } from '../../../../lib/request';
import { getToken } from '../../../../lib/storage';

/** The resource a link belongs to, as its list row names it. */
export interface ProxyLinkTarget {
  kind: ProxySetKind;
  resourceId: string;
}

const linkPath = ({ kind, resourceId }: ProxyLinkTarget) =>
  `/user/proxy_link/${kind}/${encodeURIComponent(resourceId)}`;
const linkKey = (target: ProxyLinkTarget) => ['proxy-link', target.kind, target.resourceId] as const;

/** GET: whether a link is live (the token itself is never answered again). */
export function useProxyLinkStatus(target: ProxyLinkTarget) {
  return useQuery({
    queryKey: linkKey(target),
    queryFn: async () => (await api.get<ProxyLinkStatus>(linkPath(target))).data,
    enabled: getToken() !== null,
  });
}

/** POST: a new link (the previous one dies); DELETE: revoked. Either refreshes the status. */
export function useProxyLinkChange(target: ProxyLinkTarget) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: linkKey(target) });
  const create = useMutation({
    mutationFn: async () => (await api.post<ProxyLinkCreated>(linkPath(target))).data,
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: async () => (await api.delete<ProxyLinkStatus>(linkPath(target))).data,
    onSuccess: refresh,
  });
  return { create, revoke };
}
