import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';

/**
 * GET /api/monitor/job/dead_letters: jobs that failed after all their retries (operators). Each
 * names the queue it failed in, the original job, its data, the last error and when it gave up.
 */
export const deadLetterListQuery = pageQuery.extend({
  /** Only the jobs of one queue (e.g. `provision.create`). */
  queue: z.string().trim().min(1).max(100).optional(),
});
export type DeadLetterListQuery = z.input<typeof deadLetterListQuery>;

export const deadLetterSchema = z.object({
  /** The dead letter's own id: what retry takes. */
  id: z.uuid(),
  /** The queue the job failed in; null for a job sent to the dead-letter queue directly. */
  queue: z.string().nullable(),
  /** The failed job's id in its queue. */
  job_id: z.uuid().nullable(),
  data: z.unknown(),
  /** The last attempt's error message (or its output as JSON). */
  last_error: z.string().nullable(),
  /** How many times it was retried before it gave up. */
  retry_count: z.number().int().nullable(),
  /** ISO time it was dead-lettered. */
  failed_at: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;
export const deadLetterPageSchema = pageOf(deadLetterSchema);
export type DeadLetterPage = z.infer<typeof deadLetterPageSchema>;

export const deadLetterIdParams = z.object({ id: z.uuid() });

/** POST /api/monitor/job/dead_letters/{id}/retry: the job is back in its queue under a new id. */
export const deadLetterRetrySchema = z.object({ id: z.uuid(), queue: z.string() });
export type DeadLetterRetry = z.infer<typeof deadLetterRetrySchema>;
