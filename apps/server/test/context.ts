/** Per-file test fixtures: a fresh database copied from the migrated template, and the app on it. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { build, type BuildOptions } from '../src/app';
import { createDatabase, type Database } from '../src/db/client';
import { createCoreDeps } from '../src/app-deps';
import { startJobQueue } from '../src/jobs/queue';
import { createJobDefinitions } from '../src/jobs/registry';
import { testConfig } from './config';

export { testConfig };

export interface TestDatabase {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `cloudbay_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const parsed = new URL(inject('adminDatabaseUrl'));
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const database = createDatabase(url, { max: 5 });
  return {
    url,
    database,
    async drop() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The app on a fresh database, with a job queue that can enqueue (no worker runs the jobs, so
 * tests see mails and jobs exactly as the request left them). Call `close()` in afterAll.
 */
/** `env`: variables added to the test configuration (e.g. a DATA_DIR of the test's own). */
export async function createTestApp(options: Partial<BuildOptions> & { env?: Record<string, string> } = {}) {
  const testDatabase = await createTestDatabase();
  const config = options.config ?? testConfig({ DATABASE_URL: testDatabase.url, ...options.env });
  const core = { ...createCoreDeps(config, testDatabase.database, options.clock), ...options };
  const jobs = await startJobQueue({
    connectionString: testDatabase.url,
    logger: { error: () => {}, warn: () => {}, info: () => {} },
    role: 'api',
    definitions: createJobDefinitions(core, () => {}),
  });
  const app = await build({ ...core, jobs, logger: false, ...options });
  return {
    app,
    config,
    clock: core.clock,
    cloud: core.cloud,
    jobs,
    /** What `build` was given: another app on the same database (`build({ ...deps, logger: false })`). */
    deps: { ...core, jobs },
    db: testDatabase.database.db,
    database: testDatabase.database,
    url: testDatabase.url,
    async close() {
      await app.close();
      await jobs.stop();
      await testDatabase.drop();
    },
  };
}
