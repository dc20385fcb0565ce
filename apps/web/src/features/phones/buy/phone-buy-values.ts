/**
 * The phone purchase form's values and what they become: the price query (GET /ph/ph_price) and
 * the purchase body (POST /user/ph/phone), and the defaults the catalogue's answers fill in. Pure,
 * so the rules are tested without rendering.
 */
import type { PeriodDiscount, PhoneImage, PhonePurchaseBody, PhoneSpecItem } from '@cloudbay/contracts';
import { PHONE_NAME_MAX, PHONE_NAME_MIN, UNGROUPED, type BillingMethod } from '@cloudbay/contracts/core';
import type { PeriodOffer } from '../../../components/purchase/billing-section';
import type { PhonePriceParams } from '../api/catalog-ph-price';
import { isQuantity } from '../../../components/purchase/instance-fields';

export { PHONE_NAME_MAX, PHONE_NAME_MIN };

export interface PhoneBuyValues {
  region_id?: number;
  spec_id?: string;
  image_id?: string;
  billing_method: BillingMethod;
  /** Months; subscriptions only. */
  period?: number;
  auto_renew: boolean;
  quantity?: number | null;
  /** The name, or the prefix of numbered names when several phones are bought. */
  name: string;
  /** UNGROUPED (0) or one of the customer's groups. */
  group_id: number;
  agreed: boolean;
}

/** A new form: subscription (the spec's default), one phone, no group, nothing agreed yet. */
export const INITIAL_PHONE_BUY_VALUES: PhoneBuyValues = {
  billing_method: 'subscription',
  auto_renew: false,
  quantity: 1,
  name: '',
  group_id: UNGROUPED,
  agreed: false,
};

/** The periods on sale with the phones' discount (`ph_discount`; `discount` is the desktops'). */
export function phonePeriodOffers(periods: readonly PeriodDiscount[]): PeriodOffer[] {
  return periods.map((entry) => ({ period: entry.period, discount: entry.ph_discount }));
}

/** The price query of the form, or undefined while something it needs is missing or out of range. */
export function toPhonePriceQuery(values: Partial<PhoneBuyValues>): PhonePriceParams | undefined {
  const { region_id, spec_id, billing_method, period, quantity } = values;
  if (region_id === undefined || !spec_id || !billing_method || !isQuantity(quantity)) return undefined;
  if (billing_method === 'payg') return { region_id, spec_id, billing_method, quantity };
  if (period === undefined) return undefined;
  return { region_id, spec_id, billing_method, period, quantity };
}

/** The purchase body of a validated form: pay-as-you-go sends no period or auto-renew, no group none. */
export function toPhonePurchaseBody(values: PhoneBuyValues): PhonePurchaseBody {
  const subscription = values.billing_method === 'subscription';
  return {
    region_id: values.region_id,
    spec_id: values.spec_id ?? '',
    image_id: values.image_id ?? '',
    billing_method: values.billing_method,
    ...(subscription ? { period: values.period } : {}),
    auto_renew: subscription && values.auto_renew,
    quantity: values.quantity ?? 1,
    name: values.name.trim(),
    ...(values.group_id !== UNGROUPED ? { group_id: values.group_id } : {}),
    agreed: true,
  };
}

export interface PhoneBuyCatalog {
  specs: readonly PhoneSpecItem[] | undefined;
  images: readonly PhoneImage[] | undefined;
  periods: readonly PeriodDiscount[] | undefined;
  /** The customer's group ids (a deleted group falls back to none). */
  groupIds: readonly number[] | undefined;
}

/**
 * What the form must change so its choices are among the catalogue's answers: the first spec,
 * image and term when none (or one no longer offered) is chosen; no group when the chosen one is
 * gone. Undefined when nothing needs changing (or an answer is still loading).
 */
export function reconcilePhoneBuyForm(
  values: Partial<PhoneBuyValues>,
  catalog: PhoneBuyCatalog,
): Partial<PhoneBuyValues> | undefined {
  const patch: Partial<PhoneBuyValues> = {};
  const { specs, images, periods, groupIds } = catalog;
  if (specs && !specs.some((spec) => spec.spec_id === values.spec_id)) patch.spec_id = specs[0]?.spec_id;
  if (images && !images.some((image) => image.image_id === values.image_id))
    patch.image_id = images[0]?.image_id;
  if (periods && !periods.some((entry) => entry.period === values.period)) patch.period = periods[0]?.period;
  if (
    groupIds &&
    values.group_id !== undefined &&
    values.group_id !== UNGROUPED &&
    !groupIds.includes(values.group_id)
  )
    patch.group_id = UNGROUPED;
  const changed = Object.entries(patch).filter(
    ([key, value]) => values[key as keyof PhoneBuyValues] !== value,
  );
  return changed.length ? Object.fromEntries(changed) : undefined;
}
