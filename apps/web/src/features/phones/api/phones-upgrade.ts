import { useQuery } from '@tanstack/react-query';
import type { ModifySpecQuote, Phone } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { getToken } from '../../../lib/storage';
import { phonesKey } from './phones-keys';
import { usePhoneMutation } from './phones-mutation';

/** GET /user/ph/phone/{id}/upgrade_price: moving the phone to another spec, prorated to its expiry. */
export async function getPhoneUpgradePrice(phoneId: string, specId: string): Promise<ModifySpecQuote> {
  const { data } = await api.get<ModifySpecQuote>(
    `/user/ph/phone/${encodeURIComponent(phoneId)}/upgrade_price`,
    { spec_id: specId },
  );
  return data;
}

export function usePhoneUpgradePrice(phoneId: string, specId: string | undefined) {
  return useQuery({
    queryKey: [...phonesKey, 'upgrade-price', phoneId, specId],
    queryFn: () => getPhoneUpgradePrice(phoneId, specId!),
    enabled: specId !== undefined && getToken() !== null,
    // A refused move (less storage, the same spec) is shown as it is.
    retry: false,
  });
}

export interface UpgradePhoneInput {
  phoneId: string;
  specId: string;
  idempotencyKey: string;
}

/** POST /user/ph/phone/{id}/upgrade: pays the difference and moves the phone to the spec. */
export async function upgradePhone({ phoneId, specId, idempotencyKey }: UpgradePhoneInput) {
  const { data } = await api.post<{ phone: Phone }>(
    `/user/ph/phone/${encodeURIComponent(phoneId)}/upgrade`,
    { spec_id: specId },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data;
}

export function useUpgradePhone() {
  return usePhoneMutation(upgradePhone, { charges: true });
}
