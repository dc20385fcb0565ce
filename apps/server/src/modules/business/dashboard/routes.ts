import { dashboardQuery, dashboardSchema, envelope } from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import { authOf } from '../../identity/auth-hook';
import { systemRoute } from '../../system/route-options';
import { dashboard } from './service';

const route = systemRoute('business-dashboard');

/** The operator's home: the business's figures of today, 7 or 30 days. */
export const businessDashboardRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  app.get(
    '/business/dashboard',
    route('business:dashboard:view', {
      summary:
        'Top-ups, consumption by product type, new customers, live resources, arrears, liability, gateway success, a daily series and top spenders',
      querystring: dashboardQuery,
      response: { 200: envelope(dashboardSchema) },
    }),
    async (request) => ok(await dashboard(db, authOf(request).userId, request.query.range)),
  );
};
