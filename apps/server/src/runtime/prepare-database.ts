import type { Config } from '../config/env';
import { createDatabase, type Database } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import type { Logger } from './logger';

/** Connects to DATABASE_URL (or `url`), applies pending migrations and the reference data. */
export async function openDatabase(
  config: Config,
  logger: Logger,
  url = config.DATABASE_URL,
): Promise<Database> {
  if (!url)
    throw new Error(
      'DATABASE_URL is not set (npm start runs an embedded Postgres; start:api and start:worker need DATABASE_URL)',
    );
  const database = createDatabase(url, { max: config.DATABASE_POOL_MAX, logger });
  try {
    await prepareDatabase(database, config);
  } catch (error) {
    await database.close();
    throw new Error(`Could not migrate the database at ${redact(url)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return database;
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
