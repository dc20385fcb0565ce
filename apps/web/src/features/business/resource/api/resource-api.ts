/** The operators' resource calls (`/business/resource…`, issue 18). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BusinessResource,
  BusinessResourceDetail,
  ResourceActionAnswer,
  ResourceExtendBody,
  ResourcePowerBody,
  ResourceReconcileAnswer,
  ResourceRefundPreview,
  ResourceReleaseBody,
} from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { useIntentKeys } from '../../../../lib/idempotency';
import { LIVE_REFRESH_MS, refreshWhileChanging } from '../../../../lib/live-refresh';
import { useAdminList } from '../../../system/shared/admin-crud';
import { useSheetExport } from '../../../system/sheet-export';

export const resourcesKey = ['business', 'resource'] as const;

/** The list's filters as the server takes them. */
export interface ResourceFilter {
  kind?: string;
  keyword?: string;
  email?: string;
  status?: string;
  region_id?: number;
  billing_method?: string;
  expiring_days?: number;
  include_deleted?: '0' | '1';
}

/** Statuses a resource passes through on its own (the engine's SETTLING_STATUSES, every kind). */
const SETTLING = new Set([
  'pending',
  'creating',
  'starting',
  'stopping',
  'rebooting',
  'resetting',
  'rebuilding',
  'releasing',
]);
const isSettling = (resource: Pick<BusinessResource, 'status'>) => SETTLING.has(resource.status);

/** The list, asked again every few seconds while a row on screen is changing (a stop, a release). */
export const useBusinessResources = (query: object) =>
  useAdminList<BusinessResource>(
    resourcesKey,
    '/business/resource',
    query,
    true,
    refreshWhileChanging(isSettling),
  );

/** The filtered list as XLSX or CSV (`resources-<day>.xlsx`). */
export const useExportBusinessResources = () =>
  useSheetExport<ResourceFilter>('/business/resource/export', 'resources');

export function useBusinessResource(id: number | undefined) {
  return useQuery({
    queryKey: [...resourcesKey, 'one', id],
    queryFn: async () => (await api.get<BusinessResourceDetail>(`/business/resource/${id}`)).data,
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data && isSettling(current.state.data) ? LIVE_REFRESH_MS : false,
  });
}

/** What releasing it now would refund under each rule (read when the release dialog opens). */
export function useRefundPreview(id: number | undefined) {
  return useQuery({
    queryKey: [...resourcesKey, 'refund', id],
    queryFn: async () =>
      (await api.get<ResourceRefundPreview>(`/business/resource/${id}/refund_preview`)).data,
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** One operator action; every resource query is read again after it (success or refusal alike). */
function useResourceAction<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourcesKey }),
  });
}

/**
 * Release and extend move money or create an order: each intent keeps its Idempotency-Key until its
 * outcome is known, so a retry after a lost answer is the same request (lib/idempotency.ts).
 */
function useKeyedAction<B>(path: 'release' | 'extend') {
  const keys = useIntentKeys();
  return useResourceAction(async ({ id, body }: { id: number; body: B }) => {
    const intent = { id, path, body };
    try {
      const answer = await api.post<ResourceActionAnswer>(`/business/resource/${id}/${path}`, body, {
        headers: { 'Idempotency-Key': keys.keyFor(intent) },
      });
      keys.settle(intent);
      return answer.data;
    } catch (error) {
      keys.settle(intent, error);
      throw error;
    }
  });
}

export function useResourceActions() {
  return {
    power: useResourceAction(
      async ({ id, body }: { id: number; body: ResourcePowerBody }) =>
        (await api.post<ResourceActionAnswer>(`/business/resource/${id}/action`, body)).data,
    ),
    release: useKeyedAction<ResourceReleaseBody>('release'),
    extend: useKeyedAction<ResourceExtendBody>('extend'),
    reconcile: useResourceAction(
      async ({ id, reason }: { id: number; reason: string }) =>
        (await api.post<ResourceReconcileAnswer>(`/business/resource/${id}/reconcile`, { reason })).data,
    ),
  };
}
