import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppCategory,
  AppCategoryBody,
  AppDisplayStatus,
  BusinessAppUpdateBody,
  PhoneApp,
  PhoneAppPage,
  PhoneAppVersion,
} from '@cloudbay/contracts';
import { api } from '../../../../lib/request';

export const BUSINESS_APP_PATH = '/business/app';
const key = ['business', 'apps'] as const;

export interface BusinessAppFilter {
  page: number;
  limit: number;
  name?: string;
  categoryId?: number;
  displayStatus?: AppDisplayStatus;
}

/** GET /business/app/list: the catalogue (shown and hidden), paged. */
export function useBusinessApps(filter: BusinessAppFilter) {
  return useQuery({
    queryKey: [...key, 'list', filter],
    queryFn: async () =>
      (
        await api.get<PhoneAppPage>(`${BUSINESS_APP_PATH}/list`, {
          page: filter.page,
          limit: filter.limit,
          ...(filter.name ? { name: filter.name } : {}),
          ...(filter.categoryId !== undefined ? { category_id: filter.categoryId } : {}),
          ...(filter.displayStatus ? { display_status: filter.displayStatus } : {}),
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useBusinessAppCategories() {
  return useQuery({
    queryKey: [...key, 'categories'],
    queryFn: async () => (await api.get<AppCategory[]>(`${BUSINESS_APP_PATH}/category`)).data,
  });
}

export function useBusinessAppVersions(appId: number | undefined) {
  return useQuery({
    queryKey: [...key, 'versions', appId],
    queryFn: async () => (await api.get<PhoneAppVersion[]>(`${BUSINESS_APP_PATH}/${appId}/versions`)).data,
    enabled: appId !== undefined,
  });
}

/** Every write refetches the catalogue, its categories and versions. */
function useCatalogueWrite<T>(write: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useRefetchBusinessApps = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
};

export const useUpdateBusinessApp = () =>
  useCatalogueWrite(async ({ app, body }: { app: PhoneApp; body: BusinessAppUpdateBody }) =>
    api.put(`${BUSINESS_APP_PATH}/${app.id}`, body),
  );

export const useDeleteBusinessApp = () =>
  useCatalogueWrite(async (app: PhoneApp) => api.delete(`${BUSINESS_APP_PATH}/${app.id}`));

export const useDeleteBusinessAppVersion = () =>
  useCatalogueWrite(async ({ appId, versionId }: { appId: number; versionId: number }) =>
    api.delete(`${BUSINESS_APP_PATH}/${appId}/versions/${versionId}`),
  );

export const useSaveAppCategory = () =>
  useCatalogueWrite(
    async ({ id, body, idempotencyKey }: { id?: number; body: AppCategoryBody; idempotencyKey: string }) =>
      id === undefined
        ? api.post(`${BUSINESS_APP_PATH}/category`, body, { headers: { 'Idempotency-Key': idempotencyKey } })
        : api.put(`${BUSINESS_APP_PATH}/category/${id}`, body),
  );

export const useDeleteAppCategory = () =>
  useCatalogueWrite(async (category: AppCategory) =>
    api.delete(`${BUSINESS_APP_PATH}/category/${category.id}`),
  );
