/** The operators' customer pages' values (zod-free: the web imports them from `core`). */
/** The built-in setting of the default sub-account limit (issue 21 enforces it). */
export const SUB_ACCOUNT_MAX_DEFAULT_KEY = 'sub_account.max_default';
export const SUB_ACCOUNT_MAX_DEFAULT = 20;
/** The most sub-accounts an operator may allow one customer. */
export const SUB_ACCOUNT_MAX_LIMIT = 1000;
export const CUSTOMER_NOTE_MAX = 2000;

export const CUSTOMER_SORTS = ['created', 'balance', 'spent', 'spentMonth'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
