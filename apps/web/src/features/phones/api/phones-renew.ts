import { useQuery } from '@tanstack/react-query';
import type { Phone, PriceQuote } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phonesKey } from './phones-keys';
import { usePhoneMutation } from './phones-mutation';

/** GET /user/ph/phone/{id}/renew_price: renewing this phone for `period` months at today's prices. */
export async function getPhoneRenewPrice(phoneId: string, period: number): Promise<PriceQuote> {
  const { data } = await api.get<PriceQuote>(`/user/ph/phone/${encodeURIComponent(phoneId)}/renew_price`, {
    period,
  });
  return data;
}

export function usePhoneRenewPrice(phoneId: string, period: number | undefined) {
  return useQuery({
    queryKey: [...phonesKey, 'renew-price', phoneId, period],
    queryFn: () => getPhoneRenewPrice(phoneId, period!),
    enabled: period !== undefined && getToken() !== null,
  });
}

export interface RenewPhoneInput {
  phoneId: string;
  period: number;
  /** One per intent: a retry of the same renewal replays its answer instead of charging twice. */
  idempotencyKey: string;
}

/** POST /user/ph/phone/{id}/renew: pays the renewal from the balance and extends the expiry. */
export async function renewPhone({ phoneId, period, idempotencyKey }: RenewPhoneInput) {
  const { data } = await api.post<{ phone: Phone }>(
    `/user/ph/phone/${encodeURIComponent(phoneId)}/renew`,
    { period },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data;
}

export function useRenewPhone() {
  return usePhoneMutation(renewPhone, { charges: true });
}
