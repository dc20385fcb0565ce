import type { Phone } from '@cloudbay/contracts';

/** `samsung Galaxy S24`; a model named after its brand alone (`Redmi 5A`, not `Redmi Redmi 5A`). */
export function deviceOf(phone: Pick<Phone, 'brand' | 'model'>): string | null {
  if (!phone.brand || !phone.model) return null;
  const named = phone.model.toLowerCase().startsWith(phone.brand.toLowerCase());
  return named ? phone.model : `${phone.brand} ${phone.model}`;
}
