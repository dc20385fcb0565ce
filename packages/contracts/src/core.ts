/**
 * The zod-free part of the contracts: constants, answer and error codes, the envelope type.
 * The web app imports runtime values from `@cloudbay/contracts/core` so that zod stays out of
 * its bundles (it only needs the schemas' types, which `import type` erases).
 */
export * from './answer';
export * from './constants';
export * from './errors';
export * from './account-rules';
export * from './shell-constants';
export * from './statuses';
export * from './wallet-constants';
export * from './bill-constants';
export * from './catalog-constants';
export * from './desktop-constants';
export * from './phone-constants';
export * from './phone-ops-constants';
export * from './phone-backup-constants';
export * from './phone-task-constants';
export * from './policy-constants';
export * from './monitor-log-constants';
export * from './auth-pages';
export * from './role-constants';
export * from './dict-constants';
export * from './proxy-set-constants';
export * from './proxy-constants';
export * from './network-constants';
export * from './business-resource-constants';
export * from './business-customer-constants';
export * from './business-adjustment-constants';
export * from './business-catalog-constants';
export * from './sub-account-constants';
export * from './referral-constants';
export * from './free-trial-constants';
