import type { JobDefinition, JobDeps } from '../../jobs/queue';
import { expirePendingOrders } from './repo';
import { EXPIRE_JOB } from './service';

/** An order's expiry job names it; the scheduled sweep names none and expires every overdue order. */
export interface ExpireJobData {
  no?: string;
}

/**
 * `payments.expire`: a pending order whose payment window has closed becomes timed out. Sent for
 * each order at its expiry; also every 10 minutes without an order, to catch orders whose job was
 * lost. Idempotent: only pending orders past their expiry change, so a rerun or a paid order is a
 * no-op (and a payment arriving later is still credited by the callback).
 */
export function paymentJobs(deps: JobDeps): JobDefinition[] {
  const expire: JobDefinition<ExpireJobData> = {
    name: EXPIRE_JOB,
    schedule: '*/10 * * * *',
    queue: { retryLimit: 3 },
    async handle(job) {
      await expirePendingOrders(deps.database.db, deps.clock.now(), job.data?.no);
    },
  };
  return [expire as JobDefinition];
}
