import type { Phone } from '@cloudbay/contracts';
import { useDeviceBrands } from './api/phone-replace';

/**
 * `三星 Galaxy S24` / `Samsung Galaxy S24` with the brand's display name (the brand key the cloud
 * reports, `samsung`, until the names have arrived); a model named after its brand alone reads
 * `Xiaomi 14`, not `小米 Xiaomi 14`.
 */
export function deviceOf(phone: Pick<Phone, 'brand' | 'model'>, brandName?: string): string | null {
  if (!phone.brand || !phone.model) return null;
  const named = phone.model.toLowerCase().startsWith(phone.brand.toLowerCase());
  return named ? phone.model : `${brandName ?? phone.brand} ${phone.model}`;
}

/**
 * `deviceOf` with the display names of GET /ph/fake_ph/brand (in the reader's language; cached with
 * the device catalogue, asked only once some phone has a brand).
 */
export function useDeviceName(phones: readonly Pick<Phone, 'brand'>[]) {
  const brands = useDeviceBrands(phones.some((phone) => phone.brand !== null));
  return (phone: Pick<Phone, 'brand' | 'model'>) =>
    deviceOf(phone, brands.data?.find((entry) => entry.brand === phone.brand)?.name);
}
