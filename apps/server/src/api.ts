/**
 * `npm run start:api`: the HTTP API (and the web app when it is built) against DATABASE_URL.
 * Stateless: run as many side by side as needed, each on its own PORT.
 */
import fs from 'node:fs';
import { build } from './app';
import { createCoreDeps } from './app-deps';
import { loadConfig } from './config/env';
import { createJobDefinitions } from './jobs/registry';
import { startJobQueue } from './jobs/queue';
import { createLogger } from './runtime/logger';
import { openDatabase } from './runtime/prepare-database';
import { exitOnStartupError, onShutdown } from './runtime/shutdown';
import { WEB_DIST } from './runtime/web-build';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(config, logger);
  const core = createCoreDeps(config, database);
  // The API only enqueues; workers run the jobs.
  const jobs = await startJobQueue({
    connectionString: config.DATABASE_URL!,
    logger,
    role: 'api',
    definitions: createJobDefinitions(core, (message) => logger.info(message)),
  });
  const webDist = fs.existsSync(WEB_DIST) ? WEB_DIST : undefined;
  if (config.CAPTCHA === 'off') logger.warn('CAPTCHA=off: image codes are not checked');
  const app = await build({ ...core, jobs, webDist, logger });
  onShutdown(logger, [
    ['http server', () => app.close()],
    ['job queue', () => jobs.stop()],
    ['database pool', () => database.close()],
  ]);
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch(exitOnStartupError);
