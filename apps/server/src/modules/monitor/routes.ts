import {
  deadLetterIdParams,
  deadLetterListQuery,
  deadLetterPageSchema,
  deadLetterRetrySchema,
  envelope,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { listDeadLetters, retryDeadLetter } from './service';

const tags = ['monitor'];
const security = [{ bearer: [] }];

/** The operators' job monitor: jobs that failed for good, and retrying them. */
export const monitorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/monitor/job/dead_letters',
    {
      config: { permission: 'monitor:job:list' },
      schema: {
        tags,
        summary: 'Jobs that failed after all their retries, newest first (operators)',
        security,
        querystring: deadLetterListQuery,
        response: { 200: envelope(deadLetterPageSchema) },
      },
    },
    async (request) => ok(await listDeadLetters(deps, request.query)),
  );

  app.post(
    '/monitor/job/dead_letters/:id/retry',
    {
      config: { permission: 'monitor:job:edit' },
      schema: {
        tags,
        summary: 'Puts a failed job back in its queue (a new job with the same data; operators)',
        description:
          'Every job handler is idempotent, so a retried job repeats no effect that already happened.',
        security,
        params: deadLetterIdParams,
        response: { 200: envelope(deadLetterRetrySchema) },
      },
    },
    async (request) => ok(await retryDeadLetter(deps, request.params.id)),
  );
};
