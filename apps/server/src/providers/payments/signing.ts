import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CallbackError, type GatewayName } from './types';

/**
 * The parameter string both gateway families sign: every parameter except the excluded ones whose
 * value is not empty, keys sorted by ASCII (code unit order), joined as `k=v&k=v`.
 */
export function canonicalParams(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** MD5 of the canonical string with the secret appended (no separator), lower-case hex: epusdt and epay. */
export function md5Signature(
  params: Record<string, string>,
  exclude: readonly string[],
  secret: string,
): string {
  return createHash('md5')
    .update(canonicalParams(params, exclude) + secret, 'utf8')
    .digest('hex');
}

/** HMAC-SHA256 of the canonical string, lower-case hex: the sandbox gateway. */
export function hmacSignature(
  params: Record<string, string>,
  exclude: readonly string[],
  secret: string,
): string {
  return createHmac('sha256', secret).update(canonicalParams(params, exclude), 'utf8').digest('hex');
}

/** Whether a received hex signature (any case) equals the expected one, compared in constant time. */
export function signaturesMatch(received: string, expected: string): boolean {
  const a = Buffer.from(received.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Compares a received signature with the expected one in constant time; throws on absence or mismatch. */
export function assertSignature(gateway: GatewayName, received: string | undefined, expected: string): void {
  if (!received) throw new CallbackError(gateway, 'missing_signature', 'the callback carries no signature');
  if (!signaturesMatch(received, expected)) {
    throw new CallbackError(gateway, 'bad_signature', 'the callback signature does not match');
  }
}

/**
 * A flat string map from a parsed JSON body, form body or query: strings kept, finite numbers as
 * their shortest decimal text (what a Go or PHP gateway signs for a JSON number), anything else
 * (objects, arrays, repeated query keys) refused, since its signed text would be ambiguous.
 */
export function flatParams(gateway: GatewayName, value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CallbackError(gateway, 'malformed', 'the callback carries no parameters');
  }
  const params: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') params[key] = item;
    else if (typeof item === 'number' && Number.isFinite(item)) params[key] = numberText(item);
    else if (item === null || item === undefined) params[key] = '';
    else throw new CallbackError(gateway, 'malformed', `the callback parameter ${key} is not a plain value`);
  }
  return params;
}

/**
 * A JSON number as decimal text. JavaScript prints the shortest text that reads back as the same
 * number, which for amounts is the text the gateway wrote; the exponent forms it uses for tiny or
 * huge values are refused later by the strict decimal parser.
 */
function numberText(value: number): string {
  return String(value);
}
