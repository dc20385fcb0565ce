/**
 * What the operators' list pages (dictionaries, settings, announcements) share: a paged list the
 * server filters, and the create / update / delete calls that refresh it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

export interface AdminPage<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/**
 * GET `path` with the page and filters; the previous page stays on screen while the next loads.
 * `refetchInterval` asks again while rows are changing (lib/live-refresh.ts).
 */
export function useAdminList<T>(
  key: readonly unknown[],
  path: string,
  query: object,
  enabled = true,
  refetchInterval?: (query: { state: { data?: AdminPage<T> } }) => number | false,
) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: async () => (await api.get<AdminPage<T>>(path, { ...query })).data,
    placeholderData: keepPreviousData,
    enabled: enabled && getToken() !== null,
    ...(refetchInterval ? { refetchInterval } : {}),
  });
}

/** A save: a creation (with its intent's Idempotency-Key) or an update of record `id`. */
export type SaveInput<B> = { id: number; body: B } | { id?: undefined; body: B; idempotencyKey: string };

export interface CrudCalls<B, R> {
  create: (body: B, idempotencyKey: string) => Promise<R>;
  update: (id: number, body: B) => Promise<R>;
  /** Deletes the records of `ids` (one DELETE with the ids separated by commas, as RuoYi). */
  remove: (ids: number[]) => Promise<unknown>;
}

/** POST with the creation's Idempotency-Key (the operators' creations are flagged idempotent). */
export async function postCreate<R>(path: string, body: unknown, idempotencyKey: string): Promise<R> {
  return (await api.post<R>(path, body, { headers: { 'Idempotency-Key': idempotencyKey } })).data;
}

/** The save and delete mutations of a list; both refetch everything under `key` when settled. */
export function useCrudMutations<B, R>(
  key: readonly unknown[],
  calls: CrudCalls<B, R>,
  onChanged?: () => void,
) {
  const queryClient = useQueryClient();
  const refresh = () => {
    onChanged?.();
    return queryClient.invalidateQueries({ queryKey: key });
  };
  const save = useMutation({
    mutationFn: (input: SaveInput<B>) =>
      input.id !== undefined
        ? calls.update(input.id, input.body)
        : calls.create(input.body, input.idempotencyKey),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: calls.remove, onSettled: refresh });
  return { save, remove };
}
