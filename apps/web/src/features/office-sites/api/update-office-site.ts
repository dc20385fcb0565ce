import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeSite, OfficeSiteUpdateBody } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { officeSitePath as sitePath, officeSitesKey } from './list-office-sites';

export interface UpdateOfficeSiteInput {
  id: string;
  body: OfficeSiteUpdateBody;
}

/** PUT /user/office_site/{id}: a new name, or auto-renew switched on or off. */
export async function updateOfficeSite({ id, body }: UpdateOfficeSiteInput): Promise<OfficeSite> {
  const { data } = await api.put<OfficeSite>(sitePath(id), body);
  return data;
}

export function useUpdateOfficeSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfficeSite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeSitesKey }),
  });
}
