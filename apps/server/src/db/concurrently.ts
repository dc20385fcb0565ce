import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Tasks<T extends readonly unknown[]> = { [K in keyof T]: () => PromiseLike<T[K]> };

/**
 * Runs independent reads at once on a pool, one after the other inside a transaction: a
 * transaction is one connection, and node-postgres refuses (deprecated, gone in pg 9) a query sent
 * while another is running on the same client. Functions that take any `Db` (a price quote read by
 * a GET and by a purchase's transaction) use this instead of Promise.all.
 */
export async function concurrently<T extends readonly unknown[]>(db: Db, ...tasks: Tasks<T>): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(tasks.map((task) => task()))) as unknown as T;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as unknown as T;
}
