import { envelope, serverInfoSchema } from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import { monitorRoute } from '../route-options';
import { serverInfo } from './service';

/** RuoYi's server monitor: the host, the Node process and PostgreSQL, live. */
export const monitorServerRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/monitor/server',
    monitorRoute('monitor:server:list', {
      summary: 'Host CPU, memory, load and disks; the Node process; PostgreSQL',
      response: { 200: envelope(serverInfoSchema) },
    }),
    async () => ok(await serverInfo(deps)),
  );
};
