/** Idempotency-Key for integration tests' calls. */
import { randomUUID } from 'node:crypto';

/**
 * `headers` plus, on a write (POST or PUT), a fresh `Idempotency-Key` unless `headers` names one:
 * each call is a new operation, as the console sends it. A test of retries passes its own key.
 * Routes that do not take the key ignore it.
 */
export function withIdempotencyKey(method: string, headers: Record<string, string> = {}) {
  if (method !== 'POST' && method !== 'PUT') return headers;
  return { 'idempotency-key': randomUUID(), ...headers };
}
