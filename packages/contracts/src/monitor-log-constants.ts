/** The operation and login logs' values (zod-free: the web imports them from `core`). */
/** RuoYi's business types, from the HTTP method unless the route names its own. */
export const OPER_BUSINESS_TYPES = ['insert', 'update', 'delete', 'other'] as const;
export type OperBusinessType = (typeof OPER_BUSINESS_TYPES)[number];
/** Whether the call (or the login) succeeded. */
export const LOG_STATUSES = ['success', 'failure'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];
