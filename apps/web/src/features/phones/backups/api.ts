/**
 * The backup centre's calls (issue 20): the backup space (list, price, buy, expand, renew,
 * auto-renew; paid ones under an Idempotency-Key) and the backups (list, create, rename, delete,
 * restore; creating and restoring start tasks). One query key for both, so any change refreshes the
 * space's figures and the list together.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Backup,
  BackupCreateResult,
  BackupPage,
  BackupSpace,
  BackupSpaceOrder,
  BackupSpacePage,
  BackupStatus,
  ModifySpecQuote,
  PriceQuote,
} from '@cloudbay/contracts';
import { refreshWhileChanging } from '../../../lib/live-refresh';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { useResourceMutation } from '../../../lib/use-resource-mutation';

export const backupsKey = ['phone-backups'] as const;
const SPACE = '/user/ph/ph_backup_space';
const BACKUPS = '/user/ph/ph_backup';
const spacePath = (id: string) => `${SPACE}/${encodeURIComponent(id)}`;
const backupPath = (id: string) => `${BACKUPS}/${encodeURIComponent(id)}`;
const paid = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

const isBusy = (backup: Backup) => backup.status === 'creating' || backup.status === 'recovering';

/** The account's backup space (at most one); refreshed while a backup is being made (its room changes). */
export function useBackupSpace() {
  return useQuery({
    queryKey: [...backupsKey, 'space'],
    queryFn: async () => (await api.get<BackupSpacePage>(SPACE, { page: 1, limit: 10 })).data.list[0] ?? null,
    enabled: getToken() !== null,
  });
}

export interface BackupFilterQuery {
  name?: string;
  status?: BackupStatus;
}

export function useBackups(query: BackupFilterQuery & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...backupsKey, 'list', query],
    queryFn: async () => (await api.get<BackupPage>(BACKUPS, { ...query })).data,
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
    refetchInterval: refreshWhileChanging<Backup>(isBusy),
  });
}

/** GET …/price: `size` GiB for `period` months (what the purchase charges). */
export function useBackupSpacePrice(size: number | undefined, period: number | undefined) {
  return useQuery({
    queryKey: [...backupsKey, 'price', size, period],
    queryFn: async () => (await api.get<PriceQuote>(`${SPACE}/price`, { size: size!, period: period! })).data,
    enabled: size !== undefined && period !== undefined && getToken() !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET …/{id}/expand_price: growing the space to `size` GiB now. */
export function useExpandPrice(spaceId: string, size: number | undefined) {
  return useQuery({
    queryKey: [...backupsKey, 'expand-price', spaceId, size],
    queryFn: async () =>
      (await api.get<ModifySpecQuote>(`${spacePath(spaceId)}/expand_price`, { size: size! })).data,
    enabled: size !== undefined && getToken() !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET …/{id}/renew_price: renewing the space for `period` months. */
export function useSpaceRenewPrice(spaceId: string, period: number | undefined) {
  return useQuery({
    queryKey: [...backupsKey, 'renew-price', spaceId, period],
    queryFn: async () =>
      (await api.get<PriceQuote>(`${spacePath(spaceId)}/renew_price`, { period: period! })).data,
    enabled: period !== undefined && getToken() !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface BuySpaceInput {
  body: { size: number; period: number; auto_renew: boolean; agreed: true };
  idempotencyKey: string;
}

const buySpace = async ({ body, idempotencyKey }: BuySpaceInput) =>
  (await api.post<BackupSpaceOrder>(SPACE, body, paid(idempotencyKey))).data;
export const useBuySpace = () => useResourceMutation(backupsKey, buySpace, { charges: true });

export interface ExpandSpaceInput {
  spaceId: string;
  size: number;
  idempotencyKey: string;
}

const expandSpace = async ({ spaceId, size, idempotencyKey }: ExpandSpaceInput) =>
  (await api.post<BackupSpaceOrder>(`${spacePath(spaceId)}/expand`, { size }, paid(idempotencyKey))).data;
export const useExpandSpace = () => useResourceMutation(backupsKey, expandSpace, { charges: true });

export interface RenewSpaceInput {
  spaceId: string;
  period: number;
  idempotencyKey: string;
}

const renewSpace = async ({ spaceId, period, idempotencyKey }: RenewSpaceInput) =>
  (await api.post<BackupSpaceOrder>(`${spacePath(spaceId)}/renew`, { period }, paid(idempotencyKey))).data;
export const useRenewSpace = () => useResourceMutation(backupsKey, renewSpace, { charges: true });

const setAutoRenew = async ({ spaceId, autoRenew }: { spaceId: string; autoRenew: boolean }) =>
  (await api.put<BackupSpace>(`${spacePath(spaceId)}/auto_renew`, { auto_renew: autoRenew })).data;
export const useSpaceAutoRenew = () => useResourceMutation(backupsKey, setAutoRenew);

export interface CreateBackupsInput {
  body: { phone_ids: string[]; name: string; description?: string };
  idempotencyKey: string;
}

const createBackups = async ({ body, idempotencyKey }: CreateBackupsInput) =>
  (await api.post<BackupCreateResult>(BACKUPS, body, paid(idempotencyKey))).data;
export const useCreateBackups = () => useResourceMutation(backupsKey, createBackups);

const updateBackup = async ({ id, body }: { id: string; body: { name?: string; description?: string } }) =>
  (await api.put<Backup>(backupPath(id), body)).data;
export const useUpdateBackup = () => useResourceMutation(backupsKey, updateBackup);

const deleteBackup = async (id: string) => (await api.delete<null>(backupPath(id))).data;
export const useDeleteBackup = () => useResourceMutation(backupsKey, deleteBackup);

export interface RecoverBackupInput {
  id: string;
  phoneId: string;
  idempotencyKey: string;
}

const recoverBackup = async ({ id, phoneId, idempotencyKey }: RecoverBackupInput) =>
  (
    await api.post<{ phone_id: string; task_id: number; backup_id: string }>(
      `${backupPath(id)}/recovery`,
      { phone_id: phoneId },
      paid(idempotencyKey),
    )
  ).data;
export const useRecoverBackup = () => useResourceMutation(backupsKey, recoverBackup);
