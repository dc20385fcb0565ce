import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CacheName, CacheOverview, CacheValue } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

const cacheKey = ['monitor', 'cache'] as const;

/** GET /monitor/cache: the database and every cache with its size. */
export function useCacheOverview() {
  return useQuery({
    queryKey: [...cacheKey, 'overview'],
    queryFn: async () => (await api.get<CacheOverview>('/monitor/cache')).data,
  });
}

/** GET /monitor/cache/getKeys/{cacheName}. */
export function useCacheKeys(name: CacheName | null) {
  return useQuery({
    queryKey: [...cacheKey, 'keys', name],
    queryFn: async () =>
      (await api.get<{ keys: string[]; truncated: boolean }>(`/monitor/cache/getKeys/${name}`)).data,
    enabled: name !== null,
  });
}

/** GET /monitor/cache/getValue/{cacheName}/{cacheKey}: the record, secrets masked. */
export function useCacheValue(name: CacheName | null, key: string | null) {
  return useQuery({
    queryKey: [...cacheKey, 'value', name, key],
    queryFn: async () =>
      (await api.get<CacheValue>(`/monitor/cache/getValue/${name}/${encodeURIComponent(key!)}`)).data,
    enabled: name !== null && key !== null,
    retry: false,
  });
}

/** The three clears; every one refreshes the sizes, keys and value on screen. */
export function useClearCache() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: cacheKey });
  const clear = (url: string) => api.delete<{ deleted: number }>(url).then((answer) => answer.data);
  return {
    name: useMutation({
      mutationFn: (name: CacheName) => clear(`/monitor/cache/clearCacheName/${name}`),
      onSettled: settle,
    }),
    key: useMutation({
      mutationFn: (key: string) => clear(`/monitor/cache/clearCacheKey/${encodeURIComponent(key)}`),
      onSettled: settle,
    }),
    all: useMutation({ mutationFn: () => clear('/monitor/cache/clearCacheAll'), onSettled: settle }),
  };
}
