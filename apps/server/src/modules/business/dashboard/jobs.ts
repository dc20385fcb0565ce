import type { JobDefinition, JobDeps } from '../../../jobs/queue';
import { runDashboardRollup } from './rollup';

export const DASHBOARD_ROLLUP_JOB = 'dashboard.rollup';

/**
 * `dashboard.rollup` (minute 10 of every hour, UTC): rolls up the finished days the dashboard can
 * show (rollup.ts). Idempotent: a day is claimed once, so a retry or an overlapping run rolls
 * nothing twice; a missed run is caught up by the next.
 */
export function dashboardJobs(deps: JobDeps): JobDefinition[] {
  return [
    {
      name: DASHBOARD_ROLLUP_JOB,
      schedule: '10 * * * *',
      queue: { retryLimit: 3 },
      async handle() {
        await runDashboardRollup(deps.database, deps.clock.now());
      },
    },
  ];
}
