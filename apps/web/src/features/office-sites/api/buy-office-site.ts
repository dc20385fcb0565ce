import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeSitePurchase, OfficeSitePurchaseBody } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { currentUserKey } from '../../../lib/session';
import { officeSitesKey } from './list-office-sites';

export interface BuyOfficeSiteInput {
  body: OfficeSitePurchaseBody;
  /** The purchase intent's `Idempotency-Key`. */
  key: string;
}

/** POST /user/office_site: charges GET /user/network_cost's price and starts making the network. */
export async function buyOfficeSite({ body, key }: BuyOfficeSiteInput): Promise<OfficeSitePurchase> {
  const { data } = await api.post<OfficeSitePurchase>('/user/office_site', body, {
    headers: { 'Idempotency-Key': key },
  });
  return data;
}

/** The purchase; afterwards the list and the balance are read again (a refusal may mean an old balance). */
export function useBuyOfficeSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyOfficeSite,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: officeSitesKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
