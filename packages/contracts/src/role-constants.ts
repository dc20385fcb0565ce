/** The zod-free constants of roles and menus (the web imports them from `@cloudbay/contracts/core`). */

/** RuoYi's status flag (dictionary sys_normal_disable): '0' enabled, '1' disabled. */
export const STATUS_FLAGS = ['0', '1'] as const;
export type StatusFlag = (typeof STATUS_FLAGS)[number];

/**
 * Data scopes (RuoYi `data_scope`): '1' all, '2' the chosen departments, '3' own department,
 * '4' own department and below, '5' only the operator's own rows.
 */
export const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;
export const DATA_SCOPE_CUSTOM = '2';
export type DataScope = (typeof DATA_SCOPES)[number];

/** Role keys are identifiers code and permissions refer to: letters, digits, '_', ':' and '-'. */
export const ROLE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_:-]{0,49}$/;

/** Directory, page (menu) and button. */
export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** Route parameters a menu opens its page with: names to strings or numbers (RuoYi `query`). */
export type RouteQuery = Record<string, string | number>;

/**
 * The route parameters of a menu's JSON text ('{"id": 1}'), or undefined when the text is not a
 * JSON object of strings and numbers ('' and '{}' are no parameters: an empty object).
 */
export function parseRouteQuery(text: string): RouteQuery | undefined {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  const valid = entries.every(
    ([name, v]) => name !== '' && (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))),
  );
  return valid ? Object.fromEntries(entries) : undefined;
}
