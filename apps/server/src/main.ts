/**
 * `npm start`: the whole product in one process on a laptop. Builds the web app if needed, runs
 * an embedded Postgres under DATA_DIR unless DATABASE_URL is set, migrates and seeds, then serves
 * the API, the job worker and the web app on PORT.
 */
import path from 'node:path';
import { build } from './app';
import { createCoreDeps } from './app-deps';
import { loadConfig } from './config/env';
import { DEMO_CUSTOMER, seedDemoCustomer } from './modules/identity/demo-data';
import { DEMO_SUB_ACCOUNT, seedDemoSubAccount } from './modules/sub-accounts/demo-data';
import { seedDemoResources } from './modules/provisioning/demo-data';
import { adminCredentials } from './modules/identity/reference-data';
import { createJobDefinitions } from './jobs/registry';
import { startJobQueue } from './jobs/queue';
import { DATABASE_NAME, startEmbeddedPostgres, type EmbeddedPostgres } from './runtime/embedded-postgres';
import { createLogger } from './runtime/logger';
import { openDatabase, redact } from './runtime/prepare-database';
import { exitOnStartupError, onShutdown } from './runtime/shutdown';
import { ensureWebBuild, WEB_DIST } from './runtime/web-build';

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
  await seedDemoCustomer(database);
  await seedDemoSubAccount(database, DEMO_CUSTOMER.email);
  const core = createCoreDeps(config, database);
  if (config.CAPTCHA === 'off') logger.warn('CAPTCHA=off: image codes are not checked');
  const jobs = await startJobQueue({
    connectionString: databaseUrl,
    logger,
    role: 'worker',
    definitions: createJobDefinitions(core, (message) => logger.info(message)),
  });
  await jobs.work();
  await seedDemoResources({ ...core, jobs }, DEMO_CUSTOMER.email, logger);

  const app = await build({ ...core, jobs, webDist: WEB_DIST, logger });
  onShutdown(logger, [
    ['http server', () => app.close()],
    ['job worker', () => jobs.stop()],
    ['database pool', () => database.close()],
    ['embedded postgres', async () => embedded?.stop()],
  ]);
  await app.listen({ port: config.PORT, host: config.HOST });

  const admin = adminCredentials(config);
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
      `  Mail      ${config.SMTP_URL ? 'SMTP' : 'kept in the mail_outbox table (no SMTP_URL)'}`,
      '',
      '  Logins',
      `  Customer  ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`,
      `  Sub-account  ${DEMO_SUB_ACCOUNT.nickname} of ${DEMO_CUSTOMER.email} / ${DEMO_SUB_ACCOUNT.password}`,
      admin ? `  Operator  ${admin.email} / ${admin.demo ? admin.password : '(ADMIN_PASSWORD)'}` : '',
      '',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch(exitOnStartupError);
