import type { Config } from './config/env';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';

/** What route plugins receive: the process's configuration, database and job queue. */
export interface AppDeps {
  config: Config;
  database: Database;
  jobs: JobQueue;
}
