import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppCategory,
  PhoneAppPage,
  PhoneAppTasks,
  PhoneAppUpload,
  PhoneAppUploadLimit,
  PhoneAppVersion,
} from '@cloudbay/contracts';
import { acceptLanguage } from '../../../../lib/i18n';
import { API_BASE_URL, api } from '../../../../lib/request';
import { getToken } from '../../../../lib/storage';
import { phonesRootKey } from '../../api/phone-groups';

export const APPS_PATH = '/user/ph/ph_app_v2';
const appsKey = [...phonesRootKey, 'apps'] as const;

export interface AppListFilter {
  page: number;
  limit: number;
  name?: string;
  categoryId?: number;
  source?: 'own' | 'catalogue';
}

/** GET /user/ph/ph_app_v2: the catalogue's shown apps and the caller's own, paged. */
export function usePhoneApps(filter: AppListFilter) {
  return useQuery({
    queryKey: [...appsKey, 'list', filter],
    queryFn: async () =>
      (
        await api.get<PhoneAppPage>(APPS_PATH, {
          page: filter.page,
          limit: filter.limit,
          ...(filter.name ? { name: filter.name } : {}),
          ...(filter.categoryId !== undefined ? { category_id: filter.categoryId } : {}),
          ...(filter.source ? { source: filter.source } : {}),
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}

export function useAppCategories() {
  return useQuery({
    queryKey: [...appsKey, 'categories'],
    queryFn: async () => (await api.get<AppCategory[]>(`${APPS_PATH}/ph_app_category`)).data,
    enabled: getToken() !== null,
  });
}

export function useAppVersions(appId: number | undefined) {
  return useQuery({
    queryKey: [...appsKey, 'versions', appId],
    queryFn: async () =>
      (await api.get<PhoneAppVersion[]>(`${APPS_PATH}/ph_app_version`, { app_id: appId! })).data,
    enabled: appId !== undefined && getToken() !== null,
  });
}

export function useUploadLimit(path = `${APPS_PATH}/upload_limit`) {
  return useQuery({
    queryKey: [...appsKey, 'upload-limit', path],
    queryFn: async () => (await api.get<PhoneAppUploadLimit>(path)).data,
    enabled: getToken() !== null,
  });
}

/** What antd's Upload needs to send an APK itself (XHR, so it can report progress). */
export function apkUploadRequest(path: string) {
  const token = getToken();
  return {
    action: `${API_BASE_URL}${path}`,
    name: 'file',
    headers: {
      'accept-language': acceptLanguage(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  };
}

/** The server's message of a refused upload (its envelope's `msg`), if the answer had one. */
export function uploadErrorMessage(response: unknown): string | undefined {
  const msg = (response as { msg?: unknown } | undefined)?.msg;
  return typeof msg === 'string' ? msg : undefined;
}

export type UploadedApp = PhoneAppUpload;

export function useRefetchApps() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: appsKey });
}

/** DELETE /{id}: one of the caller's own uploads with all its versions. */
export function useDeleteApp() {
  const refetch = useRefetchApps();
  return useMutation({
    mutationFn: async (appId: number) => {
      await api.delete(`${APPS_PATH}/${appId}`);
    },
    onSettled: refetch,
  });
}

export interface InstallInput {
  appId: number;
  versionId?: number;
  phoneIds: string[];
  idempotencyKey: string;
}

/** POST install_v2 (Idempotency-Key): one task per phone, followed in the task centre. */
export function useInstallApp() {
  return useMutation({
    mutationFn: async ({ appId, versionId, phoneIds, idempotencyKey }: InstallInput) =>
      (
        await api.post<PhoneAppTasks>(
          `${APPS_PATH}/install_v2`,
          { app_id: appId, ...(versionId ? { version_id: versionId } : {}), phone_ids: phoneIds },
          { headers: { 'Idempotency-Key': idempotencyKey } },
        )
      ).data,
  });
}

export interface UninstallInput {
  packageName: string;
  phoneIds: string[];
  idempotencyKey: string;
}

/** POST uninstall_v2 (Idempotency-Key): one task per phone. */
export function useUninstallApp() {
  return useMutation({
    mutationFn: async ({ packageName, phoneIds, idempotencyKey }: UninstallInput) =>
      (
        await api.post<PhoneAppTasks>(
          `${APPS_PATH}/uninstall_v2`,
          { package_name: packageName, phone_ids: phoneIds },
          { headers: { 'Idempotency-Key': idempotencyKey } },
        )
      ).data,
  });
}
