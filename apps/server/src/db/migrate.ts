import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { REPO_ROOT, type Config } from '../config/env';
import { drizzleFor, type Database } from './client';
import { seedReferenceData } from './seed-reference-data';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/drizzle');

// Any constant works; it only has to be the same in every process that prepares the database.
const PREPARE_LOCK_ID = 7_231_001;

/**
 * Applies pending Drizzle migrations, then the reference data. Holds a session advisory lock so
 * that many processes starting side by side do it one at a time (the later ones find it done).
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'NODE_ENV'>,
): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK_ID]);
    const db = drizzleFor(client);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    await seedReferenceData(db, config);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
