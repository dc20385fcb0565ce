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
