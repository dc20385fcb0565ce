import pg from 'pg';
import type { Db } from './client';

type Tasks<T extends readonly unknown[]> = { [K in keyof T]: () => PromiseLike<T[K]> };

/** Whether `db` sends each query to a pool (any free connection), not to one connection. */
function onPool(db: Db): boolean {
  // A transaction, and a db made on one checked-out client (drizzleFor: the start-up seeding under
  // its advisory lock), have a single connection; only the app's pool-backed db has a pg.Pool.
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

/**
 * Runs independent reads at once on a pool, one after the other on a single connection (a
 * transaction, or a db made on one client): node-postgres refuses (deprecated, gone in pg 9) a
 * query sent while another is running on the same client. Functions that take any `Db` (a price
 * quote read by a GET, by a purchase's transaction and by the start-up seeding) use this instead
 * of Promise.all.
 */
export async function concurrently<T extends readonly unknown[]>(db: Db, ...tasks: Tasks<T>): Promise<T> {
  if (onPool(db)) return (await Promise.all(tasks.map((task) => task()))) as unknown as T;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as unknown as T;
}
