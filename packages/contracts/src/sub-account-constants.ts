/** Sub-accounts (issue 21): the zod-free values the web and the light sign-in entry share. */

/**
 * What a sub-account may do with one bound resource (per binding). `reset_replace` applies to
 * phones (reset, replace), `reinstall` to desktops (rebuild); the rest to both.
 */
export const SUB_ACCOUNT_PERMISSIONS = [
  'connect',
  'start_stop',
  'restart',
  'reset_replace',
  'reinstall',
  'command',
  'renew',
] as const;
export type SubAccountPermission = (typeof SUB_ACCOUNT_PERMISSIONS)[number];

/** A new binding's permissions when the request names none. */
export const SUB_ACCOUNT_DEFAULT_PERMISSIONS: readonly SubAccountPermission[] = [
  'connect',
  'start_stop',
  'restart',
];

/** The kinds of resource a sub-account can be bound to. */
export const SUB_ACCOUNT_RESOURCE_KINDS = ['desktop', 'phone'] as const;
export type SubAccountResourceKind = (typeof SUB_ACCOUNT_RESOURCE_KINDS)[number];

/** RuoYi's normal/disable dictionary (`sys_normal_disable`): '0' enabled, '1' disabled. */
export const SUB_ACCOUNT_STATUSES = ['0', '1'] as const;
export type SubAccountStatus = (typeof SUB_ACCOUNT_STATUSES)[number];

/** Sub-account nickname length (spec §5: at least 4); the login name under the main account. */
export const SUB_ACCOUNT_NICKNAME_MIN = 4;
export const SUB_ACCOUNT_NICKNAME_MAX = 30;
export const SUB_ACCOUNT_REMARK_MAX = 200;

/** The most sub-accounts one batch edit or resources one bind call may name. */
export const SUB_ACCOUNT_BATCH_MAX = 100;

/**
 * A sub-account's own password changes (each attempt counts, right or wrong) per 15 minutes; the
 * sign-in lockout is not involved.
 */
export const SUB_ACCOUNT_OWN_PASSWORD_ATTEMPTS = 5;
export const SUB_ACCOUNT_OWN_PASSWORD_WINDOW_SECONDS = 15 * 60;

/** The largest monthly spend cap a main account may set, in dollars. */
export const SUB_ACCOUNT_SPEND_CAP_MAX_DOLLARS = 1_000_000;

/** Local storage keys of a sub-account console (spec §9). */
export const SUB_ACCOUNT_STORAGE = { isSon: 'isSon', loginToken: 'loginToken', token: 'token' } as const;

/** The role GET /getInfo reports for a sub-account session (no role row: menus come from its main). */
export const ROLE_SUB_ACCOUNT = 'ROLE_SON';
