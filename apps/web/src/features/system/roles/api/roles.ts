/** The roles page's calls (RuoYi's api/system/role.js): list, CRUD, status, data scope, role users. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckedTree,
  DataScope,
  Role,
  RoleDetail,
  RoleInput,
  RoleUser,
  StatusFlag,
  TreeOption,
} from '@cloudbay/contracts';
import { useCsvExport } from '../../../../lib/csv-export';
import type { TimeWindowQuery } from '../../../../lib/date-range';
import { api } from '../../../../lib/request';

/** A page of a list (contracts `pageOf`). */
export interface PageResult<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

export const rolesKey = ['system', 'roles'] as const;

export interface RoleFilterQuery extends TimeWindowQuery {
  roleName?: string;
  roleKey?: string;
  status?: StatusFlag;
}

export function useRoles(query: RoleFilterQuery & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...rolesKey, 'list', query],
    queryFn: async () => (await api.get<PageResult<Role>>('/system/role/list', { ...query })).data,
    placeholderData: keepPreviousData,
  });
}

export const getRole = async (roleId: number) => (await api.get<RoleDetail>(`/system/role/${roleId}`)).data;

export function useRoleMenuTree(roleId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...rolesKey, 'menus', roleId ?? 'new'],
    queryFn: async () =>
      roleId === undefined
        ? { tree: (await api.get<TreeOption[]>('/system/menu/treeselect')).data, checkedKeys: [] }
        : (await api.get<CheckedTree>(`/system/menu/roleMenuTreeselect/${roleId}`)).data,
    enabled,
  });
}

export function useRoleDeptTree(roleId: number | undefined) {
  return useQuery({
    queryKey: [...rolesKey, 'depts', roleId],
    queryFn: async () => (await api.get<CheckedTree>(`/system/role/deptTree/${roleId}`)).data,
    enabled: roleId !== undefined,
  });
}

/** A write on roles; every cached role answer is refreshed after it. */
function useRoleMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: rolesKey }),
  });
}

/** What the role form sends. */
export type RoleForm = RoleInput;

export const useSaveRole = () =>
  useRoleMutation((role: RoleForm & { roleId?: number }) =>
    role.roleId === undefined ? api.post('/system/role', role) : api.put('/system/role', role),
  );
export const useChangeRoleStatus = () =>
  useRoleMutation((body: { roleId: number; status: StatusFlag }) =>
    // The status wanted is in the body: toggling back at once is no repeat (guard skipped).
    api.put('/system/role/changeStatus', body, { repeatSubmit: false }),
  );
export const useDeleteRoles = () =>
  useRoleMutation((ids: number[]) => api.delete(`/system/role/${ids.join(',')}`));
export const useSaveDataScope = () =>
  useRoleMutation((body: { roleId: number; dataScope: DataScope; deptIds: number[] }) =>
    api.put('/system/role/dataScope', body),
  );

export const useExportRoles = () => useCsvExport<RoleFilterQuery>('/system/role/export', 'roles');

// The accounts of a role

export function useRoleUsers(
  kind: 'allocatedList' | 'unallocatedList',
  query: { roleId: number; page: number; limit: number; keyword?: string },
  enabled = true,
) {
  return useQuery({
    queryKey: [...rolesKey, kind, query],
    queryFn: async () =>
      (await api.get<PageResult<RoleUser>>(`/system/role/authUser/${kind}`, { ...query })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useGrantRoleUsers = () =>
  useRoleMutation((body: { roleId: number; userIds: number[] }) =>
    api.put('/system/role/authUser/selectAll', body),
  );
export const useRevokeRoleUsers = () =>
  useRoleMutation((body: { roleId: number; userIds: number[] }) =>
    api.put('/system/role/authUser/cancelAll', body),
  );
