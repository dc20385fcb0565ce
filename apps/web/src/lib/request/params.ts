/**
 * Query-string serialisation for GET params and form-encoded bodies. Empty values (undefined, null,
 * '') are left out so an untouched filter is not sent as `name=`; arrays repeat the key
 * (`status=1&status=2`), which is what Fastify's query parser turns back into an array; nested
 * objects use brackets (`range[begin]=…`); dates are sent as ISO strings.
 */

export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | QueryObject;
export interface QueryObject {
  [key: string]: QueryValue;
}

function appendValue(pairs: string[], key: string, value: QueryValue): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    for (const item of value) appendValue(pairs, key, item);
    return;
  }
  if (value instanceof Date) {
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value.toISOString())}`);
    return;
  }
  if (typeof value === 'object') {
    for (const [child, childValue] of Object.entries(value))
      appendValue(pairs, `${key}[${child}]`, childValue);
    return;
  }
  pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
}

/** `{ a: 1, b: [2, 3], c: '' }` → `a=1&b=2&b=3` (no leading `?`). */
export function serializeParams(params: QueryObject | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) appendValue(pairs, key, value);
  return pairs.join('&');
}
