/**
 * The value lists of spec §4's state machines (and two generic code tables), zod-free so the web
 * reads them from `@cloudbay/contracts/core`. Tables declare their status columns from these; the
 * dictionary of the same name (`STATUS_DICT_TYPES`) gives each value its label and tag colour.
 */

/** Cloud computer (desktop) run status. */
export const DESKTOP_STATUSES = [
  'pending',
  'starting',
  'running',
  'stopping',
  'shutdown',
  'rebuilding',
  'expired',
  'deleted',
] as const;
export type DesktopStatus = (typeof DESKTOP_STATUSES)[number];

/** Order status (order list). */
export const ORDER_STATUSES = [
  'pending_payment',
  'payment_success',
  'payment_failed',
  'paid',
  'payment_timeout',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What became of the resource an order bought. */
export const RESOURCE_STATUSES = [
  'not_created',
  'creating',
  'created',
  'creation_failed',
  'refunded',
] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];

/** What an order bought (GET /user/order/product_type labels them from the dictionary). */
export const ORDER_PRODUCT_TYPES = [
  'desktop',
  'phone',
  'office_site',
  'eip',
  'backup_space',
  'phone_network',
  /** A static residential proxy of the cloud's pool (issue 19). */
  'proxy',
] as const;
export type OrderProductType = (typeof ORDER_PRODUCT_TYPES)[number];

/** Why an order was placed: a new resource, a renewal, or a configuration change. */
export const ORDER_ACTIONS = ['new', 'renew', 'upgrade'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Office network (office site) status. */
export const OFFICE_SITE_STATUSES = ['normal', 'releasing', 'released'] as const;
export type OfficeSiteStatus = (typeof OFFICE_SITE_STATUSES)[number];

/** Withdrawal status. */
export const WITHDRAWAL_STATUSES = ['processing', 'success', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Free-trial application status (a rejection carries a reason). */
export const FREE_APPLY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type FreeApplyStatus = (typeof FREE_APPLY_STATUSES)[number];

/** Notification read status: '0' unread, '1' read. */
export const NOTICE_READ_STATUSES = ['0', '1'] as const;
export type NoticeReadStatus = (typeof NOTICE_READ_STATUSES)[number];
export const NOTICE_UNREAD: NoticeReadStatus = '0';
export const NOTICE_READ: NoticeReadStatus = '1';

/** Elastic IP allocation: allocate only when unallocated, unbind only when allocated. */
export const EIP_STATUSES = ['unallocated', 'allocated'] as const;
export type EipStatus = (typeof EIP_STATUSES)[number];

/** Billing method of a resource: pay-as-you-go has no auto-renew. */
export const BILLING_METHODS = ['payg', 'subscription'] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];

/** Top-up pay type (spec §9): '1' the fiat QR payment, '2' the stablecoin payment (default). */
export const PAY_TYPES = ['1', '2'] as const;
export type PayType = (typeof PAY_TYPES)[number];
export const PAY_TYPE_FIAT: PayType = '1';
export const PAY_TYPE_STABLECOIN: PayType = '2';
export const DEFAULT_PAY_TYPE: PayType = PAY_TYPE_STABLECOIN;

/**
 * What a bill's money moved for (its expense type): the ledger's transaction kinds, which the
 * server's `LEDGER_KINDS` is.
 */
export const BILL_EXPENSE_TYPES = [
  'topup',
  'topup_bonus',
  'purchase',
  'renewal',
  'upgrade',
  'payg_hourly',
  'traffic',
  'refund',
  'referral_reward',
  'withdrawal',
  'admin_adjustment',
  'gift',
  'hold',
  'settle',
  'release',
] as const;
export type BillExpenseType = (typeof BILL_EXPENSE_TYPES)[number];

/** Generic enabled/disabled flag: '0' in use, '1' disabled. */
export const NORMAL_DISABLE = ['0', '1'] as const;
export type NormalDisable = (typeof NORMAL_DISABLE)[number];

/** Generic yes/no flag. */
export const YES_NO = ['Y', 'N'] as const;
export type YesNo = (typeof YES_NO)[number];

/** The dictionary type key of each list above (GET /system/dict/data/type/{type}). */
export const STATUS_DICT_TYPES = {
  desktop_status: DESKTOP_STATUSES,
  order_status: ORDER_STATUSES,
  resource_status: RESOURCE_STATUSES,
  order_product_type: ORDER_PRODUCT_TYPES,
  order_action: ORDER_ACTIONS,
  office_site_status: OFFICE_SITE_STATUSES,
  withdrawal_status: WITHDRAWAL_STATUSES,
  free_apply_status: FREE_APPLY_STATUSES,
  notice_read_status: NOTICE_READ_STATUSES,
  eip_status: EIP_STATUSES,
  billing_method: BILLING_METHODS,
  pay_type: PAY_TYPES,
  bill_expense_type: BILL_EXPENSE_TYPES,
  sys_normal_disable: NORMAL_DISABLE,
  sys_yes_no: YES_NO,
} as const;
export type StatusDictType = keyof typeof STATUS_DICT_TYPES;
/** Each dictionary's values, as the list its type names. */
export type StatusDictValue<T extends StatusDictType> = (typeof STATUS_DICT_TYPES)[T][number];
