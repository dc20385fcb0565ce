import { pruneIdempotencyKeys } from '../../http/idempotency-store';
import type { JobDefinition, JobDeps } from '../../jobs/queue';
import { pruneRateLimits } from '../rate-limit/service';
import { pruneIdentityRecords } from './repo';

/**
 * `identity.cleanup`, hourly: drops expired captchas, codes, throttle windows, old sessions and
 * `Idempotency-Key` records past their 24 h.
 */
export function identityJobs(deps: JobDeps): JobDefinition[] {
  return [
    {
      name: 'identity.cleanup',
      schedule: '17 * * * *',
      queue: { retryLimit: 2 },
      async handle() {
        await pruneIdentityRecords(deps.database.db);
        await pruneRateLimits(deps.database.db);
        await pruneIdempotencyKeys(deps.database.db);
      },
    },
  ];
}
