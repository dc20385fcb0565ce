import { useQuery } from '@tanstack/react-query';
import type { Desktop, DesktopRenewal, PriceQuote } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { desktopsKey } from './desktops-list';
import { useDesktopMutation } from './desktops-mutation';

/** GET /renewal_price's query (`renewalPriceQuery`): the desktop's spec and the months. */
export interface RenewalPriceParams {
  region_id: number;
  desktop_type: string;
  system_disk: number;
  period: number;
}

/** GET /renewal_price: what renewing a desktop of this spec for `period` months costs today. */
export async function getRenewalPrice(query: RenewalPriceParams): Promise<PriceQuote> {
  const { data } = await api.get<PriceQuote>('/renewal_price', { ...query });
  return data;
}

/** The renewal price of `desktop` for `period` months; nothing is asked without a period or region. */
export function useRenewalPrice(
  desktop: Pick<Desktop, 'region_id' | 'desktop_type' | 'system_disk'>,
  period: number | undefined,
) {
  const regionId = desktop.region_id;
  return useQuery({
    queryKey: [...desktopsKey, 'renewal-price', regionId, desktop.desktop_type, desktop.system_disk, period],
    queryFn: () =>
      getRenewalPrice({
        region_id: regionId!,
        desktop_type: desktop.desktop_type,
        system_disk: desktop.system_disk,
        period: period!,
      }),
    enabled: regionId !== null && period !== undefined && getToken() !== null,
  });
}

export interface RenewDesktopInput {
  desktopId: string;
  period: number;
  /** One per intent: a retry of the same renewal replays its answer instead of charging twice. */
  idempotencyKey: string;
}

/** PUT /user/desktop/{desktop_id}/renew: pays the renewal from the balance and extends the expiry. */
export async function renewDesktop({ desktopId, period, idempotencyKey }: RenewDesktopInput) {
  const { data } = await api.put<DesktopRenewal>(
    `/user/desktop/${encodeURIComponent(desktopId)}/renew`,
    { period },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data;
}

export function useRenewDesktop() {
  return useDesktopMutation(renewDesktop, { charges: true });
}
