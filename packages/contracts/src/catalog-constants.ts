/**
 * Catalogue limits and value lists (spec §5 Resources, §9), zod-free so the web's purchase forms
 * read the same numbers the server enforces.
 */

/** System disk: 80–500 GiB in steps of 10; a change may only grow it. */
export const SYSTEM_DISK_MIN_GIB = 80;
export const SYSTEM_DISK_MAX_GIB = 500;
export const SYSTEM_DISK_STEP_GIB = 10;

/** Office network bandwidth, Mbps. */
export const OFFICE_BANDWIDTH_MIN_MBPS = 10;
export const OFFICE_BANDWIDTH_MAX_MBPS = 200;

/**
 * EIP bandwidth, Mbps. Spec §5 has two ranges: the EIP purchase form (buyIP) sells 1–1000; an EIP
 * bought into a custom phone network (the phone network page's form) 5–200, since "dedicated-IP
 * and custom networks allow up to 200M" (spec §9).
 */
export const EIP_BANDWIDTH_MIN_MBPS = 1;
export const EIP_BANDWIDTH_MAX_MBPS = 1000;
export const PHONE_NETWORK_EIP_BANDWIDTH_MIN_MBPS = 5;
export const PHONE_NETWORK_EIP_BANDWIDTH_MAX_MBPS = 200;

/** How many EIPs (one phone behind each) a custom phone network holds, at most. */
export const PHONE_NETWORK_QUOTA_MAX = 200;

/** Backup space: 10–5000 GiB in multiples of 10. */
export const BACKUP_SPACE_MIN_GIB = 10;
export const BACKUP_SPACE_MAX_GIB = 5000;
export const BACKUP_SPACE_STEP_GIB = 10;

/** How many resources one purchase may create. */
export const MAX_PURCHASE_QUANTITY = 100;

/** Desktop image platforms (GET /user/desktop_image/platform_type). */
export const DESKTOP_PLATFORM_TYPES = ['Windows', 'Linux'] as const;
export type DesktopPlatformType = (typeof DESKTOP_PLATFORM_TYPES)[number];

/** A customer's own image is `creating` until the cloud has made it. */
export const DESKTOP_IMAGE_STATUSES = ['creating', 'available', 'failed'] as const;
export type DesktopImageStatus = (typeof DESKTOP_IMAGE_STATUSES)[number];

/** Subscription periods are counted in months (spec §3 Discount period: unit). */
export const PERIOD_UNITS = ['month'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/** The metered prices of the catalogue (table unit_prices), each an upstream cost per unit. */
export const UNIT_PRICE_KEYS = [
  'office_bandwidth_mbps_month',
  'eip_bandwidth_mbps_month',
  'traffic_gb',
  'backup_space_gib_month',
  'system_disk_gib_month',
  'system_disk_gib_hour',
  'phone_network_month',
  /** One static residential proxy IP for a month. */
  'residential_proxy_month',
] as const;
export type UnitPriceKey = (typeof UNIT_PRICE_KEYS)[number];

/** The reseller's markup on upstream costs, in percent (setting PRICE_MARKUP_PERCENT). */
export const PRICE_MARKUP_CONFIG_KEY = 'PRICE_MARKUP_PERCENT';
export const DEFAULT_PRICE_MARKUP_PERCENT = 40;

/** A configuration change is prorated over the remaining time against a month of 30 days. */
export const SECONDS_PER_BILLING_MONTH = 30 * 24 * 3600;
