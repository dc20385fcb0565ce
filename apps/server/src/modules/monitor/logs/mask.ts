/**
 * Secrets never reach the operation log: every value under a secret-looking key is replaced, at
 * any depth, whatever the key's case or separators (`newPassword`, `new_password`, `PRIVATE-KEY`).
 */
export const MASK = '******';

/** Keys that are secrets only when they are the whole name (`key`, but not `key_pair_id`). */
const EXACT = new Set(['code', 'captcha', 'key', 'sign', 'signature', 'authorization', 'cookie']);
/** Keys that are secrets wherever the word appears (`old_password`, `access_token`, `email_code`). */
const PARTS = [
  'password',
  'passwd',
  'secret',
  'token',
  'privatekey',
  'apikey',
  'emailcode',
  'captcha',
  'credential',
];

export function isSecretKey(key: string): boolean {
  const normal = key.toLowerCase().replace(/[-_\s]/g, '');
  return EXACT.has(normal) || PARTS.some((part) => normal.includes(part));
}

/** A copy of `value` with every secret replaced by {@link MASK}. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  // A pathological nesting is cut rather than walked (logs must never cost the request).
  if (depth > 20) return MASK;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        isSecretKey(key) && item !== null && item !== undefined ? MASK : maskSecrets(item, depth + 1),
      ]),
    );
  }
  return value;
}

/** Longest params or result text kept per entry. */
export const LOGGED_TEXT_MAX = 2000;

/** `value` masked as JSON text, cut at {@link LOGGED_TEXT_MAX}; null for nothing to show. */
export function maskedJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object' && Object.keys(value).length === 0) return null;
  const text = JSON.stringify(maskSecrets(value));
  return text.length > LOGGED_TEXT_MAX ? `${text.slice(0, LOGGED_TEXT_MAX - 1)}…` : text;
}
