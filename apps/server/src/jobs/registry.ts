import { billingJobs } from '../modules/billing/jobs';
import { dashboardJobs } from '../modules/business/dashboard/jobs';
import { identityJobs } from '../modules/identity/jobs';
import { mailJobs } from '../modules/mail/jobs';
import { paymentJobs } from '../modules/payments/jobs';
import { PHONE_TASK_RUNNERS } from '../modules/phones/task-runners';
import { phoneTaskJobs } from '../modules/phones/tasks';
import { provisioningJobs } from '../modules/provisioning/jobs';
import type { JobDefinition, JobDeps } from './queue';

/**
 * Every job the worker runs, from each domain's `jobs.ts` (later: referral.reward).
 */
export function createJobDefinitions(deps: JobDeps, log: (message: string) => void): JobDefinition[] {
  return [
    ...mailJobs(deps, log),
    ...identityJobs(deps),
    ...paymentJobs(deps),
    ...provisioningJobs(deps),
    ...billingJobs(deps, log),
    ...dashboardJobs(deps),
    ...phoneTaskJobs(deps, PHONE_TASK_RUNNERS),
  ];
}
