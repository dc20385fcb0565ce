import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import { officeSitePath as sitePath, officeSitesKey } from './list-office-sites';

/**
 * DELETE /user/office_site/{id}: starts releasing the network. The server refuses the free network
 * and one that cloud computers still use, and says why (the request client shows its message).
 */
export async function releaseOfficeSite(id: string): Promise<void> {
  await api.delete(sitePath(id));
}

export function useReleaseOfficeSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseOfficeSite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeSitesKey }),
  });
}
