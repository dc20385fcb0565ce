import type pg from 'pg';
import { drizzleFor, withClient, type Db } from './client';

/** A database transaction: drizzle for queries, the raw client for pg-boss's outbox inserts. */
export interface Tx {
  db: Db;
  client: pg.PoolClient;
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withClient(pool, async (client) => {
    try {
      await client.query('BEGIN');
      const result = await work({ db: drizzleFor(client), client });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
