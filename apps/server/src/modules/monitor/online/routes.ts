import {
  envelope,
  forceLogoutSchema,
  onlineListQuery,
  onlineSessionPageSchema,
  onlineSessionParams,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import { monitorRoute } from '../route-options';
import { forceLogout, listOnlineSessions } from './service';

/** RuoYi's online users: live sessions and force logout. */
export const monitorOnlineRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/monitor/online/list',
    monitorRoute('monitor:online:list', {
      summary: 'Every live session: account, address, browser, OS, login and last use',
      querystring: onlineListQuery,
      response: { 200: envelope(onlineSessionPageSchema) },
    }),
    async (request) => ok(await listOnlineSessions(deps, request.query, request.auth?.sessionId)),
  );

  app.delete(
    '/monitor/online/:sessionId',
    monitorRoute(
      'monitor:online:forceLogout',
      {
        summary: 'Force logout: the session ends at once on every API process',
        params: onlineSessionParams,
        response: { 200: envelope(forceLogoutSchema) },
      },
      { log: { businessType: 'force' } },
    ),
    async (request) => ok(await forceLogout(deps, request.params.sessionId)),
  );
};
