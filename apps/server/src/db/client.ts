import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

/** A pool and the drizzle handle over it. One per process. */
export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

/** How long a query waits for a connection (a new one, or a free one of a full pool). */
export const CONNECTION_TIMEOUT_MS = 5_000;

// BIGINT (int8) comes back as a JS bigint so micro-dollar amounts never lose precision.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export function createDatabase(
  url: string,
  options: { max?: number; logger?: Pick<FastifyBaseLogger, 'warn'> } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: 'cloudbay',
    // A database that does not answer (or a pool that stays full) fails the request with 503
    // after this long instead of holding it open.
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
  });
  let closed = false;
  // An idle client can be terminated by the server (a restart, a failover): log, don't crash.
  // After close(), pool.end() has resolved while its clients' sockets may still be closing, so a
  // Postgres stopping right after is expected to cut them (57P01): not worth a warning.
  pool.on('error', (error: Error & { code?: string }) => {
    if (closed && error.code === '57P01') return;
    options.logger?.warn({ err: summarizeDbError(error) }, 'idle database client error');
  });
  const db = drizzle(pool, { schema });
  return {
    pool,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function drizzleFor(client: pg.PoolClient): Db {
  return drizzle(client, { schema });
}

/**
 * Runs `work` on a client of its own. While a client is checked out the pool does not listen to
 * its errors, so a backend terminated between two queries would emit an unheard 'error' and end
 * the process: here it is heard (the next query fails with it) and the broken client is dropped.
 */
export async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  try {
    return await work(client);
  } finally {
    client.removeListener('error', onError);
    client.release(lost);
  }
}

/**
 * The parts of a pg error worth a log line. pg-pool attaches the whole client object to errors of
 * idle clients, which would put kilobytes of connection state (and the password) in the log.
 */
export function summarizeDbError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, severity } = error as Error & { code?: string; severity?: string };
  return { type: error.name, message: error.message, code, severity, stack: error.stack };
}
