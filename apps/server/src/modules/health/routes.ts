import { envelope, healthSchema, readinessSchema } from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { checkDatabase } from './service';

/** Liveness and readiness probes for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/healthz',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: envelope(healthSchema) },
      },
    },
    async () => ok({ status: 'up' as const, uptime_s: Math.round(process.uptime()) }),
  );

  app.get(
    '/readyz',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'The database is reachable (503 otherwise)',
        response: { 200: envelope(readinessSchema) },
      },
    },
    async () => ok({ status: 'ready' as const, database_ms: await checkDatabase(deps.database) }),
  );
};
