/**
 * `npm start`: the whole product in one process on a laptop. Builds the web app if needed, runs
 * an embedded Postgres under DATA_DIR unless DATABASE_URL is set, migrates and seeds, then serves
 * the API, the job worker and the web app on PORT.
 */
import path from 'node:path';
import { build } from './app';
import { loadConfig } from './config/env';
import { jobDefinitions } from './jobs/registry';
import { startJobQueue } from './jobs/queue';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './runtime/embedded-postgres';
import { createLogger } from './runtime/logger';
import { openDatabase, redact } from './runtime/prepare-database';
import { exitOnStartupError, onShutdown } from './runtime/shutdown';
import { ensureWebBuild, WEB_DIST } from './runtime/web-build';

const DATABASE_NAME = 'cloudbay';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  ensureWebBuild((message) => logger.info(message));

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = path.join(config.DATA_DIR, 'pg');
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: config.EMBEDDED_PG_PORT,
      log: (message) => logger.debug({ postgres: message }),
    });
    await embedded.createDatabase(DATABASE_NAME);
    databaseUrl = embedded.url(DATABASE_NAME);
    logger.info(`Embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_PG_PORT}, data in ${dataDir}`);
  }

  const database = await openDatabase(config, logger, databaseUrl);
  const jobs = await startJobQueue({
    connectionString: databaseUrl,
    logger,
    role: 'worker',
    definitions: jobDefinitions,
  });
  await jobs.work();

  const app = await build({ config, database, jobs, webDist: WEB_DIST, logger });
  onShutdown(logger, [
    ['http server', () => app.close()],
    ['job worker', () => jobs.stop()],
    ['database pool', () => database.close()],
    ['embedded postgres', async () => embedded?.stop()],
  ]);
  await app.listen({ port: config.PORT, host: config.HOST });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PORT === port ? config.PUBLIC_URL : `http://${config.HOST}:${port}`;
  console.log(
    [
      '',
      '  Cloudbay is running',
      `  Console   ${url}/`,
      `  API docs  ${url}/api/docs`,
      `  Database  ${redact(databaseUrl)}${embedded ? ' (embedded)' : ''}`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch(exitOnStartupError);
