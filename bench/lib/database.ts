/**
 * The database a database bench runs against: a fresh embedded Postgres in a temporary directory
 * (migrated and seeded like the app's), removed afterwards whatever happens, so a bench never
 * touches the developer's data and leaves nothing behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../../apps/server/src/config/env';
import { createDatabase, type Database, type Db } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/db/migrate';
import { startEmbeddedPostgres } from '../../apps/server/src/runtime/embedded-postgres';
import { freePort } from '../../scripts/lib/free-port';

export interface BenchDatabaseOptions {
  /** Names the temporary directory (`cloudbay-bench-<name>-…`), to tell a leftover apart. */
  name: string;
  /** Pool size: one connection per concurrent worker of the bench. */
  connections: number;
  config: Config;
}

/** Runs `work` on a migrated database of its own; the pool, the server and the files go afterwards. */
export async function withBenchDatabase<T>(
  options: BenchDatabaseOptions,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), `cloudbay-bench-${options.name}-`));
  try {
    fs.chmodSync(tempDir, 0o755); // the postgres OS user must traverse it
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'pg'),
      port: await freePort(),
      persistent: false,
    });
    try {
      await postgres.createDatabase('cloudbay_bench');
      const database = createDatabase(postgres.url('cloudbay_bench'), { max: options.connections });
      try {
        await prepareDatabase(database, options.config);
        return await work(database);
      } finally {
        await database.close();
      }
    } finally {
      await postgres.stop();
    }
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

/**
 * `count` users `bench<n>@bench.local` straight in SQL (sign-up's password hashing is not what a
 * bench measures), without wallets; returns their ids in creation order.
 */
export async function seedBenchUsers(db: Db, count: number): Promise<number[]> {
  // Raw SQL skips drizzle's `mode: 'number'`: int8 comes back as a bigint (see db/client.ts).
  const rows = await db.execute<{ id: bigint }>(sql`
    INSERT INTO users (email, password_hash, nickname, invite_code)
    SELECT 'bench' || g || '@bench.local', 'x', 'bench ' || g, 'B' || lpad(g::text, 7, '0')
      FROM generate_series(1, ${count}) g
    RETURNING id`);
  return rows.rows.map((row) => Number(row.id));
}
