/** Bills (spec §3 Bill or transaction): the zod-free values the web shows and filters by. */

/** Money into the wallet (income) or out of it (expense). */
export const BILL_AMOUNT_TYPES = ['income', 'expense'] as const;
export type BillAmountType = (typeof BILL_AMOUNT_TYPES)[number];

/** What a bill's related number names (derived from its expense type on the server). */
export const BILL_RELATED_TYPES = [
  'topup_order',
  'order',
  'resource',
  'referral',
  'withdrawal',
  'adjustment',
  'gift',
] as const;
export type BillRelatedType = (typeof BILL_RELATED_TYPES)[number];

/** The dictionary that labels expense types. */
export const BILL_EXPENSE_DICT = 'bill_expense_type';

/** The dictionary that labels order product types. */
export const ORDER_PRODUCT_TYPE_DICT = 'order_product_type';

/** Every CSV export (bills, orders, top-up records) stops after this many rows (newest first). */
export const EXPORT_MAX_ROWS = 50_000;
