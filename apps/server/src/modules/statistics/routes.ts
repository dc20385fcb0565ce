import {
  envelope,
  monthFlowMetricSchema,
  regionNetworkCostQuery,
  regionNetworkCostSchema,
  resourceOrderPageSchema,
  resourceOrderQuery,
  statisticsSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { authOf, clientOf } from '../identity/auth-hook';
import { boundSubAccountOf } from '../sub-accounts/enforcement';
import { monthFlowMetric, regionNetworkCost, resourceOrderHistory, statistics } from './service';

const tags = ['statistics'];
const security = [{ bearer: [] }];

/** Spec §7: the spending statistics (not for sub-accounts) and a resource's order history. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/user/statistics',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "This and last month's spend per product type (UTC months, as the bills)",
        security,
        response: { 200: envelope(statisticsSchema) },
      },
    },
    async (request) => ok(await statistics(db, authOf(request).userId, deps.clock.now())),
  );

  app.get(
    '/user/statistics/month_flow_metric',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Metered outbound traffic and its cost per month, the last 12 months, oldest first',
        security,
        response: { 200: envelope(monthFlowMetricSchema) },
      },
    },
    async (request) => ok(await monthFlowMetric(db, authOf(request).userId, deps.clock.now())),
  );

  app.get(
    '/user/statistics/region_network_cost',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "One month's metered traffic and its cost per region (default: this month)",
        security,
        querystring: regionNetworkCostQuery,
        response: { 200: envelope(regionNetworkCostSchema) },
      },
    },
    async (request) =>
      ok(
        await regionNetworkCost(
          db,
          authOf(request).userId,
          deps.clock.now(),
          request.query.month,
          clientOf(request).language,
        ),
      ),
  );

  app.get(
    '/user/resource_order',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "Every order of one of the customer's resources (new, renew, upgrade, refund), newest first",
        description:
          'Another customer’s resource answers 404. A sub-account reads its bound desktops and phones only, without amounts.',
        security,
        querystring: resourceOrderQuery,
        response: { 200: envelope(resourceOrderPageSchema) },
      },
    },
    async (request) =>
      ok(await resourceOrderHistory(db, authOf(request).userId, request.query, boundSubAccountOf(request))),
  );
};
