import type { Config } from './config/env';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import { systemClock, type Clock } from './lib/clock';
import { createCloudProvider } from './providers/cloud';
import type { CloudProvider } from './providers/cloud/types';

/** What both the API and the job worker use: configuration, database, time and the cloud. */
export interface CoreDeps {
  config: Config;
  database: Database;
  /** Every time-dependent rule reads the time here, so tests can move it. */
  clock: Clock;
  cloud: CloudProvider;
}

/** What route plugins receive: the core, plus the job queue to enqueue into. */
export interface AppDeps extends CoreDeps {
  jobs: JobQueue;
}

/** The core of a process: the configured cloud provider on the real clock (tests pass their own). */
export function createCoreDeps(config: Config, database: Database, clock: Clock = systemClock): CoreDeps {
  return { config, database, clock, cloud: createCloudProvider(config, database, clock) };
}
