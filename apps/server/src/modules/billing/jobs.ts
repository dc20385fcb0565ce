import type { JobDefinition, JobDeps } from '../../jobs/queue';
import { runBillingCatchUp } from './hourly';
import { runLifecycleSweep } from './lifecycle';

export const BILLING_HOURLY_JOB = 'billing.hourly';
export const LIFECYCLE_SWEEP_JOB = 'lifecycle.sweep';

/**
 * `billing.hourly` (minute 5 of every hour, UTC): bills the hours of the look-back window that
 * still have unbilled pay-as-you-go resource-hours, so a missed hour is billed on the next run.
 * `lifecycle.sweep` (every 5 minutes): expiry notices, auto-renew, stops, limits and deletions.
 * Both are idempotent (see hourly.ts and lifecycle.ts), so a retry or an overlapping run is safe.
 */
export function billingJobs(deps: JobDeps, log: (message: string) => void = () => {}): JobDefinition[] {
  const hourly: JobDefinition = {
    name: BILLING_HOURLY_JOB,
    schedule: '5 * * * *',
    // A run over 100 000 resources takes well under a minute; an hour's retry is still in time.
    queue: { retryLimit: 3, expireInSeconds: 30 * 60 },
    async handle() {
      await runBillingCatchUp(deps, log);
    },
  };
  const sweep: JobDefinition = {
    name: LIFECYCLE_SWEEP_JOB,
    schedule: '*/5 * * * *',
    queue: { retryLimit: 2 },
    async handle() {
      await runLifecycleSweep(deps, log);
    },
  };
  return [hourly, sweep];
}
