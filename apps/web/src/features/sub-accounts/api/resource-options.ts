/**
 * The main account's desktops and phones a binding can name, for the resource picker: one page of
 * the largest size, filtered by name on the server as the reader types.
 */
import { useQuery } from '@tanstack/react-query';
import type { SubAccountResourceKind } from '@cloudbay/contracts';
import { LARGEST_PAGE, listDesktops } from '../../desktops/api/desktops-list';
import { listPhones } from '../../phones/api/phones-list';
import { subAccountsKey } from './sub-accounts';

export interface ResourceOption {
  id: string;
  name: string;
}

async function resourceOptions(kind: SubAccountResourceKind, name: string): Promise<ResourceOption[]> {
  const query = { page: 1, limit: LARGEST_PAGE, ...(name ? { name } : {}) };
  if (kind === 'desktop') {
    const page = await listDesktops(query);
    return page.list.map((desktop) => ({ id: desktop.desktop_id, name: desktop.name }));
  }
  const page = await listPhones(query);
  return page.list.map((phone) => ({ id: phone.id, name: phone.display_name || phone.name }));
}

export function useResourceOptions(kind: SubAccountResourceKind, name: string) {
  return useQuery({
    queryKey: [...subAccountsKey, 'options', kind, name],
    queryFn: () => resourceOptions(kind, name),
  });
}
