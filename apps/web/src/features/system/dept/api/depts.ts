import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dept, DeptBody, DeptTreeNode } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';

/** Every cached department answer (the dept page, the user page's tree) lives under this key. */
export const deptsKey = ['system', 'depts'] as const;

export interface DeptFilter {
  deptName?: string;
  status?: string;
}

/** GET /system/dept/list: every department matching the filter, flat (the page nests them). */
export function useDepts(filter: DeptFilter) {
  return useQuery({
    queryKey: [...deptsKey, 'list', filter],
    queryFn: async () => (await api.get<Dept[]>('/system/dept/list', { ...filter })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /system/dept/list/exclude/{id}: the parents an edited department may move under. */
export function useDeptParents(excludeId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...deptsKey, 'parents', excludeId ?? 0],
    queryFn: async () =>
      (await api.get<Dept[]>(excludeId ? `/system/dept/list/exclude/${excludeId}` : '/system/dept/list'))
        .data,
    enabled,
  });
}

/** GET /system/user/deptTree: the enabled departments as a tree. */
export function useDeptTree() {
  return useQuery({
    queryKey: [...deptsKey, 'tree'],
    queryFn: async () => (await api.get<DeptTreeNode[]>('/system/user/deptTree')).data,
  });
}

/** The label of department `deptId` in the tree, or undefined (none chosen, or not in the tree). */
export function findDeptLabel(
  nodes: readonly DeptTreeNode[] | undefined,
  deptId: number | undefined,
): string | undefined {
  if (deptId === undefined) return undefined;
  for (const node of nodes ?? []) {
    if (node.id === deptId) return node.label;
    const below = findDeptLabel(node.children, deptId);
    if (below !== undefined) return below;
  }
  return undefined;
}

export type SaveDeptInput = DeptBody & { deptId?: number };

/** POST (new) or PUT (with deptId) /system/dept, then every department view refetches. */
export function useSaveDept() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveDeptInput) =>
      input.deptId
        ? (await api.put<Dept>('/system/dept', input)).data
        : (await api.post<Dept>('/system/dept', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deptsKey }),
  });
}

/** DELETE /system/dept/{id} (409 with children or users: the request client shows why). */
export function useDeleteDept() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deptId: number) => api.delete(`/system/dept/${deptId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deptsKey }),
  });
}
