/**
 * `npm run start:worker`: runs background jobs against DATABASE_URL. pg-boss hands each job to one
 * worker, so any number of these can run side by side.
 */
import { createCoreDeps } from './app-deps';
import { loadConfig } from './config/env';
import { createJobDefinitions } from './jobs/registry';
import { startJobQueue } from './jobs/queue';
import { createLogger } from './runtime/logger';
import { openDatabase } from './runtime/prepare-database';
import { exitOnStartupError, onShutdown } from './runtime/shutdown';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(config, logger);
  const jobs = await startJobQueue({
    connectionString: config.DATABASE_URL!,
    logger,
    role: 'worker',
    definitions: createJobDefinitions(createCoreDeps(config, database), (message) => logger.info(message)),
  });
  await jobs.work();
  onShutdown(logger, [
    ['job worker', () => jobs.stop()],
    ['database pool', () => database.close()],
  ]);
  logger.info('worker running');
}

main().catch(exitOnStartupError);
