/** Where `Idempotency-Key` requests and their answers live: Postgres, shared by every API process. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** How long a key and its answer are kept (ARCHITECTURE.md: at least 24 h). */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/**
 * A request in flight this long was cut off (a crashed process) before storing its answer; a retry
 * may run it again. Money stays safe: handlers derive their ledger keys from the request's key.
 */
export const IN_FLIGHT_ABANDONED_SECONDS = 300;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'mismatch' }
  | { kind: 'in_flight' }
  | { kind: 'done'; statusCode: number; body: string; contentType: string | null };

export interface StoredAnswer {
  statusCode: number;
  body: string;
  contentType: string | null;
}

export interface IdempotencyStore {
  /** Takes the key for this request, or says why not (same request done or running, other request). */
  claim(userId: number, key: string, requestHash: string): Promise<Claim>;
  complete(userId: number, key: string, answer: StoredAnswer): Promise<void>;
  /** Drops the key so a retry can run (the first attempt failed with a server error). */
  forget(userId: number, key: string): Promise<void>;
}

async function tryInsert(db: Db, userId: number, key: string, requestHash: string): Promise<boolean> {
  // A row past retention, or abandoned in flight with the same request, is taken over in place.
  const result = await db.execute(sql`
    INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (${userId}, ${key}, ${requestHash})
    ON CONFLICT (user_id, key) DO UPDATE SET
      request_hash = excluded.request_hash, status_code = NULL, response_body = NULL,
      content_type = NULL, completed_at = NULL, started_at = now(), created_at = now()
    WHERE idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})
      OR (idempotency_keys.status_code IS NULL
        AND idempotency_keys.request_hash = excluded.request_hash
        AND idempotency_keys.started_at < now() - make_interval(secs => ${IN_FLIGHT_ABANDONED_SECONDS}))
    RETURNING 1`);
  return (result.rowCount ?? 0) > 0;
}

async function findKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

export function postgresIdempotencyStore(db: Db): IdempotencyStore {
  return {
    async claim(userId, key, requestHash) {
      // The row may vanish between the insert and the read (a failed first attempt forgets it).
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await tryInsert(db, userId, key, requestHash)) return { kind: 'claimed' };
        const row = await findKey(db, userId, key);
        if (!row) continue;
        if (row.requestHash !== requestHash) return { kind: 'mismatch' };
        if (row.statusCode === null) return { kind: 'in_flight' };
        return {
          kind: 'done',
          statusCode: row.statusCode,
          body: row.responseBody ?? '',
          contentType: row.contentType,
        };
      }
      return { kind: 'in_flight' };
    },
    async complete(userId, key, answer) {
      await db
        .update(idempotencyKeys)
        .set({
          statusCode: answer.statusCode,
          responseBody: answer.body,
          contentType: answer.contentType,
          completedAt: sql`now()`,
        })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },
    async forget(userId, key) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },
  };
}

/** Drops keys past retention (the hourly cleanup job). */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  const result = await db.execute(
    sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`,
  );
  return result.rowCount ?? 0;
}
