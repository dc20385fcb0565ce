/** The menus page's calls (RuoYi's api/system/menu.js). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Menu, MenuInput, StatusFlag } from '@cloudbay/contracts';
import { api } from '../../../../lib/request';
import { rolesKey } from '../../roles/api/roles';

export const menusKey = ['system', 'menus'] as const;

export function useMenus(status: StatusFlag | undefined) {
  return useQuery({
    queryKey: [...menusKey, 'list', status ?? 'all'],
    queryFn: async () => (await api.get<Menu[]>('/system/menu/list', status ? { status } : {})).data,
  });
}

/** What the menu form sends. */
export type MenuForm = MenuInput;

/** A write on menus: the menu list and the roles' menu trees are refreshed after it. */
function useMenuMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: menusKey });
      void queryClient.invalidateQueries({ queryKey: rolesKey });
    },
  });
}

export const useSaveMenu = () =>
  useMenuMutation((menu: MenuForm & { menuId?: number }) =>
    menu.menuId === undefined ? api.post('/system/menu', menu) : api.put('/system/menu', menu),
  );
export const useDeleteMenu = () => useMenuMutation((menuId: number) => api.delete(`/system/menu/${menuId}`));
