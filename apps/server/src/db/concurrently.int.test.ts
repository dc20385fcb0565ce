import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { drizzleFor, type Db } from './client';
import { concurrently } from './concurrently';

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase.drop();
});

/** Two reads that each take 100 ms, and whether the second was sent while the first ran. */
async function twoSlowReads(db: Db, client?: pg.PoolClient): Promise<{ ms: number; overlapped: boolean }> {
  let overlapped = false;
  const original = client?.query.bind(client);
  if (client && original) {
    // node-postgres queues a query sent while another runs on the client: that is what pg 9 refuses.
    client.query = ((...args: Parameters<pg.PoolClient['query']>) => {
      const queued = client as unknown as { _queryQueue: unknown[]; _activeQuery?: unknown };
      if (queued._activeQuery || queued._queryQueue.length > 0) overlapped = true;
      return (original as (...a: unknown[]) => unknown)(...args);
    }) as pg.PoolClient['query'];
  }
  const started = Date.now();
  const slow = () => db.execute(sql`SELECT pg_sleep(0.1)`);
  await concurrently(db, slow, slow);
  if (client && original) client.query = original;
  return { ms: Date.now() - started, overlapped };
}

describe('concurrently', () => {
  it('runs the reads at once on the pool', async () => {
    const { ms } = await twoSlowReads(testDatabase.database.db);
    expect(ms).toBeLessThan(190);
  });

  it('runs them one after the other on a single client (the start-up seeding) and in a transaction', async () => {
    const client = await testDatabase.database.pool.connect();
    try {
      const single = await twoSlowReads(drizzleFor(client), client);
      expect(single.overlapped).toBe(false);
      expect(single.ms).toBeGreaterThanOrEqual(195);
    } finally {
      client.release();
    }
    const inTransaction = await testDatabase.database.db.transaction((tx) => twoSlowReads(tx));
    expect(inTransaction.ms).toBeGreaterThanOrEqual(195);
  });
});
