/**
 * Integration tests share one Postgres: the embedded one (started here in a temp dir on a free
 * port) or the server at TEST_DATABASE_URL. A template database is migrated once; every test file
 * then copies it into a fresh database of its own (see ./context.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../scripts/lib/free-port';
import { createDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/db/migrate';
import { startJobQueue } from '../src/jobs/queue';
import { testConfig } from './config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/runtime/embedded-postgres';

export const TEMPLATE_DATABASE = 'cloudbay_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudbay-test-pg-'));
    // The postgres OS user must reach the data dir inside this (0700 by default) directory.
    fs.chmodSync(tempDir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'data'),
      port: await freePort(),
      persistent: false,
    });
    adminUrl = embedded.url('postgres');
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = withDatabase(adminUrl, TEMPLATE_DATABASE);
  const database = createDatabase(templateUrl, { max: 2 });
  // As every process does at start: migrations, then the reference data.
  await prepareDatabase(database, testConfig());
  await database.close();
  // Install pg-boss's schema once so each test database starts with it.
  const jobs = await startJobQueue({
    connectionString: templateUrl,
    logger: console,
    role: 'api',
    definitions: [],
  });
  await jobs.stop();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);

  return async () => {
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
