import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfficeSiteUpgrade, OfficeSiteUpgradePrice } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { currentUserKey } from '../../../lib/session';
import { getToken } from '../../../lib/storage';
import { officeSitePath as sitePath, officeSitesKey } from './list-office-sites';

/** GET /user/office_site/{id}/upgrade_price: what raising the bandwidth to `bandwidth` costs now. */
export async function getUpgradePrice(id: string, bandwidth: number): Promise<OfficeSiteUpgradePrice> {
  const { data } = await api.get<OfficeSiteUpgradePrice>(`${sitePath(id)}/upgrade_price`, { bandwidth });
  return data;
}

/** The upgrade dialog's price; nothing is asked while the new bandwidth is not a valid one (undefined). */
export function useUpgradePrice(id: string, bandwidth: number | undefined) {
  return useQuery({
    // Outside `officeSitesKey`: an upgrade invalidates the networks, and refetching this price then
    // (the dialog is still closing) would ask for a bandwidth the network now has (422).
    queryKey: ['office-site-upgrade-price', id, bandwidth],
    queryFn: () => getUpgradePrice(id, bandwidth!),
    placeholderData: keepPreviousData,
    // The price is prorated to the second: never reuse an old one.
    gcTime: 0,
    enabled: bandwidth !== undefined && getToken() !== null,
  });
}

export interface UpgradeOfficeSiteInput {
  id: string;
  bandwidth: number;
  /** The upgrade intent's `Idempotency-Key`. */
  key: string;
}

/** PUT /user/office_site/{id}/upgrade: more bandwidth for the rest of the term, charged now. */
export async function upgradeOfficeSite({ id, bandwidth, key }: UpgradeOfficeSiteInput) {
  const { data } = await api.put<OfficeSiteUpgrade>(
    `${sitePath(id)}/upgrade`,
    { bandwidth },
    { headers: { 'Idempotency-Key': key } },
  );
  return data;
}

export function useUpgradeOfficeSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeOfficeSite,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: officeSitesKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
