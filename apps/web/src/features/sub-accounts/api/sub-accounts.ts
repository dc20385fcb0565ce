/**
 * The main account's sub-accounts (issue 21, spec §7 Sub-accounts): every call of /cloud/sonacc.
 * Every answer is cached under `subAccountsKey`; a write refetches them all (the list's bindings,
 * counts and the rank read the same rows).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSubAccountBody,
  SubAccountBatchEditBody,
  SubAccountEnter,
  SubAccountPage,
  SubAccountPermission,
  SubAccountRank,
  SubAccountResourceKind,
  SubAccountStatus,
} from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';

export const subAccountsKey = ['subAccounts'] as const;
const BASE = '/user/son_account';
const accountPath = (accountId: number, rest = '') => `${BASE}/${accountId}${rest}`;

export interface SubAccountFilter {
  nickname?: string;
  status?: SubAccountStatus;
}

/** GET /user/son_account: a page of sub-accounts with their bindings, and used / max. */
export async function listSubAccounts(
  query: { page: number; limit: number } & SubAccountFilter,
): Promise<SubAccountPage> {
  const { data } = await api.get<SubAccountPage>(BASE, { ...query });
  return data;
}

export function useSubAccounts(query: { page: number; limit: number } & SubAccountFilter) {
  return useQuery({
    queryKey: [...subAccountsKey, 'list', query],
    queryFn: () => listSubAccounts(query),
    placeholderData: keepPreviousData,
    enabled: getToken() !== null,
  });
}

/** GET /user/statistics/son_account_rank: this month's cost and online time per sub-account. */
export function useSubAccountRank() {
  return useQuery({
    queryKey: [...subAccountsKey, 'rank'],
    queryFn: async () => (await api.get<SubAccountRank>('/user/statistics/son_account_rank')).data,
    enabled: getToken() !== null,
  });
}

/** A write of this page; every sub-account answer is read again after it, whatever the outcome. */
function useSubAccountWrite<I, R>(write: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subAccountsKey }),
  });
}

/**
 * POST /user/son_account (422 beyond the maximum, 409 a nickname taken); `idempotencyKey` is the
 * form's intent's, so a retry after a timeout answers the account the first try made.
 */
export function useCreateSubAccount() {
  return useSubAccountWrite(
    async ({ body, idempotencyKey }: { body: CreateSubAccountBody; idempotencyKey: string }) =>
      (
        await api.post<{ account_id: number }>(BASE, body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        })
      ).data,
  );
}

/** PUT /user/son_account/batch_edit: status, remark, permissions of every binding, spend cap. */
export function useBatchEditSubAccounts() {
  return useSubAccountWrite(
    async (body: SubAccountBatchEditBody) =>
      (await api.put<{ updated: number }>(`${BASE}/batch_edit`, body)).data,
  );
}

/** PUT /user/son_account/{id}/password: its sessions end. */
export function useSubAccountPassword() {
  return useSubAccountWrite(async ({ accountId, password }: { accountId: number; password: string }) => {
    await api.put(accountPath(accountId, '/password'), { password });
  });
}

/**
 * DELETE /user/son_account/{id} for each: everything unbound, sessions ended. One call per
 * account (the API deletes one); they run one after another so a failure stops the rest and the
 * list shows what is left.
 */
export function useDeleteSubAccounts() {
  return useSubAccountWrite(async (accountIds: number[]) => {
    for (const accountId of accountIds) await api.delete(accountPath(accountId));
  });
}

const KIND_PATHS: Record<SubAccountResourceKind, { path: string; ids: string }> = {
  desktop: { path: '/desktop', ids: 'desktop_ids' },
  phone: { path: '/phone', ids: 'phone_ids' },
};

export interface BindingInput {
  accountId: number;
  kind: SubAccountResourceKind;
  resourceIds: string[];
}

/**
 * POST /user/son_account/{id}/desktop|phone: binds resources with `permissions`; binding one
 * already bound sets its permissions (how one binding is edited).
 */
export function useBindResources() {
  return useSubAccountWrite(
    async ({
      accountId,
      kind,
      resourceIds,
      permissions,
    }: BindingInput & { permissions: SubAccountPermission[] }) =>
      (
        await api.post<{ count: number }>(accountPath(accountId, KIND_PATHS[kind].path), {
          [KIND_PATHS[kind].ids]: resourceIds,
          permissions,
        })
      ).data,
  );
}

/** DELETE /user/son_account/{id}/desktop|phone */
export function useUnbindResources() {
  return useSubAccountWrite(
    async ({ accountId, kind, resourceIds }: BindingInput) =>
      (
        await api.request<{ count: number }>({
          url: accountPath(accountId, KIND_PATHS[kind].path),
          method: 'delete',
          data: { [KIND_PATHS[kind].ids]: resourceIds },
        })
      ).data,
  );
}

/** POST /user/son_account/{id}/enter: a new session of the sub-account and its /moneryContro hand-off. */
export async function enterSubAccount(accountId: number): Promise<SubAccountEnter> {
  const { data } = await api.post<SubAccountEnter>(accountPath(accountId, '/enter'), undefined, {
    repeatSubmit: false,
  });
  return data;
}
