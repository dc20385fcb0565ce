import { DrizzleQueryError } from 'drizzle-orm';

/** PostgreSQL error codes the services act on. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The SQLSTATE of a failed query. pg puts it on the error; drizzle 0.45 wraps that error in a
 * DrizzleQueryError and keeps it as `cause`, so both places are read.
 */
export function pgErrorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

/** SQLSTATEs of a server going away or refusing: shutdowns, not accepting yet, too many clients. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection refused, reset or never made. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
/** pg and pg-pool's own messages for a lost connection or a connect timeout (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
];

/**
 * Whether an error means the database cannot be reached now (answered 503, not 500): a lost or
 * refused connection, a connect timeout, SQLSTATE class 08. Only pg's own error counts, bare or
 * wrapped by drizzle: a socket error of another client (a gateway's fetch) is not the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const driverError = error instanceof DrizzleQueryError ? error.cause : error;
  if (!(driverError instanceof Error)) return false;
  const code = (driverError as Error & { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(driverError.message));
}
