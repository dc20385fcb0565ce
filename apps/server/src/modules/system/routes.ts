import { configKeyParams, envelope, publicConfigSchema } from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { getPublicConfig } from './service';

export const systemRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/config/:key',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'A public system setting, e.g. EXE_URL (the desktop client download link)',
        params: configKeyParams,
        response: { 200: envelope(publicConfigSchema) },
      },
    },
    async (request) => ok(await getPublicConfig(deps.database.db, request.params.key)),
  );
};
