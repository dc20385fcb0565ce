import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { REPO_ROOT } from '../config/env';
import { drizzleFor, type Database } from './client';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/drizzle');

// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_ID = 7_231_001;

/**
 * Applies pending Drizzle migrations. Holds a session advisory lock so that many API processes
 * starting side by side migrate one at a time (the later ones find nothing to do).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzleFor(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
