import type { JobDefinition } from './queue';

/**
 * Every job the worker runs, one entry per `<domain>/jobs.ts` export. Domains add theirs here
 * (provision, payments.expire, billing.hourly, lifecycle.sweep, mail, referral.reward).
 */
export const jobDefinitions: JobDefinition[] = [];
