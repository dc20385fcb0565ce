/**
 * The purchase form's values and what they become: the price query (GET /describe_price) and the
 * purchase body (POST /user/desktop). Pure, so the rules are tested without rendering.
 */
import type { DesktopImage, DesktopPurchaseBody } from '@cloudbay/contracts';
import {
  DESKTOP_PLATFORM_TYPES,
  SYSTEM_DISK_MAX_GIB,
  SYSTEM_DISK_MIN_GIB,
  SYSTEM_DISK_STEP_GIB,
  type BillingMethod,
  type DesktopPlatformType,
} from '@cloudbay/contracts/core';
import type { DesktopPriceQuery } from '../api/catalog-price';
import { isQuantity } from '../../../components/purchase/instance-fields';

/** The office-network choice that means "the region's free network" (no `office_site_id` sent). */
export const FREE_OFFICE_SITE = 'free';

/** Name length of contracts `desktopPurchaseBody.name`. */
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 64;

export interface BuyFormValues {
  region_id?: number;
  /** FREE_OFFICE_SITE or an office network's id. */
  office_site_id: string;
  /** The bundle family shown (a filter of the bundle cards; not sent). */
  bundle_type?: string;
  bundle_id?: string;
  /** The image platform shown (a filter of the images; not sent). */
  platform_type?: DesktopPlatformType;
  image_id?: string;
  /** GiB. */
  system_disk?: number | null;
  billing_method: BillingMethod;
  /** Months; subscriptions only. */
  period?: number;
  auto_renew: boolean;
  quantity?: number | null;
  name: string;
  agreed: boolean;
}

/**
 * A new form: subscription (spec default), one computer, the free network, nothing agreed yet. The
 * first platform is assumed before GET /platform_type answers, so the images load at once.
 */
export const INITIAL_BUY_VALUES: BuyFormValues = {
  office_site_id: FREE_OFFICE_SITE,
  platform_type: DESKTOP_PLATFORM_TYPES[0],
  billing_method: 'subscription',
  auto_renew: false,
  quantity: 1,
  name: '',
  agreed: false,
};

export function isSystemDisk(value: number | null | undefined): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= SYSTEM_DISK_MIN_GIB &&
    value <= SYSTEM_DISK_MAX_GIB &&
    value % SYSTEM_DISK_STEP_GIB === 0
  );
}

/** The smallest system disk an image allows, on the 80–500 GiB scale (rounded up to a step). */
export function minSystemDisk(image: Pick<DesktopImage, 'min_system_disk'> | undefined): number {
  const wanted = image?.min_system_disk ?? SYSTEM_DISK_MIN_GIB;
  const stepped = Math.ceil(wanted / SYSTEM_DISK_STEP_GIB) * SYSTEM_DISK_STEP_GIB;
  return Math.min(SYSTEM_DISK_MAX_GIB, Math.max(SYSTEM_DISK_MIN_GIB, stepped));
}

/** `disk` raised to the image's minimum and kept on the scale (a bundle's default may be below it). */
export function fitSystemDisk(disk: number | null | undefined, minimum: number): number {
  const base = typeof disk === 'number' && Number.isFinite(disk) ? disk : minimum;
  const stepped = Math.round(base / SYSTEM_DISK_STEP_GIB) * SYSTEM_DISK_STEP_GIB;
  return Math.min(SYSTEM_DISK_MAX_GIB, Math.max(minimum, stepped));
}

/** The price query of the form, or undefined while something it needs is missing or out of range. */
export function toPriceQuery(values: Partial<BuyFormValues>): DesktopPriceQuery | undefined {
  const { region_id, bundle_id, system_disk, billing_method, period, quantity } = values;
  if (region_id === undefined || !bundle_id || !billing_method) return undefined;
  if (!isSystemDisk(system_disk) || !isQuantity(quantity)) return undefined;
  if (billing_method === 'subscription') {
    if (period === undefined) return undefined;
    return { region_id, bundle_id, system_disk, billing_method, period, quantity };
  }
  return { region_id, bundle_id, system_disk, billing_method, quantity };
}

/** The purchase body of a validated form: the free network sends no id; pay-as-you-go no period or auto-renew. */
export function toPurchaseBody(values: BuyFormValues): DesktopPurchaseBody {
  const subscription = values.billing_method === 'subscription';
  return {
    region_id: values.region_id,
    ...(values.office_site_id !== FREE_OFFICE_SITE ? { office_site_id: values.office_site_id } : {}),
    bundle_id: values.bundle_id ?? '',
    image_id: values.image_id ?? '',
    system_disk: values.system_disk ?? undefined,
    billing_method: values.billing_method,
    ...(subscription ? { period: values.period } : {}),
    auto_renew: subscription && values.auto_renew,
    quantity: values.quantity ?? 1,
    name: values.name.trim(),
    agreed: true,
  };
}
