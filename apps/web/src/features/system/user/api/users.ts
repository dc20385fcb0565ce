import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RoleOption,
  SysUser,
  SysUserCreateBody,
  SysUserDetail,
  SysUserUpdateBody,
  UserImportAnswer,
} from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { useSheetExport } from '../../sheet-export';

export const usersKey = ['system', 'users'] as const;

export interface UserFilter {
  email?: string;
  nickname?: string;
  status?: string;
  deptId?: number;
  begin_time?: string;
  end_time?: string;
}

/** GET /system/user/list: a page of the accounts in the caller's data scope. */
export function useUsers(query: UserFilter & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: async () =>
      (await api.get<{ list: SysUser[]; total: number }>('/system/user/list', { ...query })).data,
    placeholderData: keepPreviousData,
  });
}

export type UserFormOptions = Pick<SysUserDetail, 'roles' | 'posts'>;

/** GET /system/user/{id} (with its post and role ids) or, for a new account, GET /system/user/. */
export function useUserForm(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...usersKey, 'form', userId ?? 0],
    queryFn: async () =>
      userId
        ? (await api.get<SysUserDetail>(`/system/user/${userId}`)).data
        : (await api.get<UserFormOptions>('/system/user/')).data,
    enabled,
  });
}

const useRefetchingMutation = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
};

/** POST /system/user with its intent's Idempotency-Key, or PUT /system/user. */
export function useSaveUser() {
  return useRefetchingMutation(
    async (input: { create: SysUserCreateBody; key: string } | { update: SysUserUpdateBody }) =>
      'create' in input
        ? (
            await api.post<SysUser>('/system/user', input.create, {
              headers: { 'Idempotency-Key': input.key },
            })
          ).data
        : (await api.put<SysUser>('/system/user', input.update)).data,
  );
}

/** PUT /system/user/changeStatus: '1' ends the account's sessions at once. */
export function useChangeStatus() {
  return useRefetchingMutation(
    async (input: { userId: number; status: string }) =>
      // The status wanted is in the body: disable then enable at once is no repeat (guard skipped).
      (await api.put<SysUser>('/system/user/changeStatus', input, { repeatSubmit: false })).data,
  );
}

export function useResetPassword() {
  return useRefetchingMutation(async (input: { userId: number; password: string }) =>
    api.put('/system/user/resetPwd', input),
  );
}

export function useDeleteUsers() {
  return useRefetchingMutation(async (ids: number[]) => api.delete(`/system/user/${ids.join(',')}`));
}

/** GET /system/user/authRole/{id}: the account and the roles the caller may grant, ticked where held. */
export function useAuthRole(userId: number) {
  return useQuery({
    queryKey: [...usersKey, 'authRole', userId],
    queryFn: async () =>
      (
        await api.get<{ user: SysUser; roles: Array<RoleOption & { flag: boolean }> }>(
          `/system/user/authRole/${userId}`,
        )
      ).data,
  });
}

export function useSaveAuthRole() {
  return useRefetchingMutation(async (input: { userId: number; roleIds: number[] }) =>
    api.put('/system/user/authRole', input),
  );
}

/** POST /system/user/importData with the uploaded file's name. */
export function useImportUsers() {
  return useRefetchingMutation(
    async (input: { file: string; updateSupport: boolean }) =>
      (
        await api.post<UserImportAnswer>(`/system/user/importData?updateSupport=${input.updateSupport}`, {
          file: input.file,
        })
      ).data,
  );
}

export function useExportUsers() {
  return useSheetExport<UserFilter>('/system/user/export', 'users');
}
