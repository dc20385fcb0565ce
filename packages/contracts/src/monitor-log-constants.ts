/** The operation and login logs' values (zod-free: the web imports them from `core`). */
/**
 * RuoYi's business types (`BusinessType`): from the HTTP method (POST insert, PUT/PATCH update,
 * DELETE delete) or the route's kind (export, import, clean) unless the route names its own
 * (grant for role assignments, force for a forced logout, other for sign-in…).
 */
export const OPER_BUSINESS_TYPES = [
  'insert',
  'update',
  'delete',
  'grant',
  'export',
  'import',
  'force',
  'clean',
  'other',
] as const;
export type OperBusinessType = (typeof OPER_BUSINESS_TYPES)[number];
/**
 * The operation log's modules (RuoYi's `@Log(title = …)`): one stable key per route family, which
 * the web translates (monitorLogs `module.*`). The server maps every route to one
 * (`monitor/logs/titles.ts`); a route it cannot map fails its test.
 */
export const OPER_MODULES = [
  'system.user',
  'system.role',
  'system.menu',
  'system.dept',
  'system.post',
  'system.dict',
  'system.config',
  'system.notice',
  'system.customer',
  'business.order',
  'business.topup',
  'business.resource',
  'business.customer',
  'business.adjustment',
  'business.withdrawal',
  'referral',
  'business.support',
  'business.catalog',
  'business.app',
  'business.trial',
  'monitor.online',
  'monitor.job',
  'monitor.jobLog',
  'monitor.operlog',
  'monitor.logininfor',
  'monitor.server',
  'monitor.cache',
  'auth',
  'account',
  'wallet',
  'payment',
  'order',
  'desktop',
  'officeSite',
  'policy',
  'phone',
  'eip',
  'phoneNetwork',
  'proxy',
  'notice',
  'file',
  'catalog',
  'content',
  'business.content',
  'business.dashboard',
  'trial',
  'health',
] as const;
export type OperModule = (typeof OPER_MODULES)[number];
/** Whether the call (or the login) succeeded. */
export const LOG_STATUSES = ['success', 'failure'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];
