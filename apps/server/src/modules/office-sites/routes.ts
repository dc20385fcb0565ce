import {
  envelope,
  metricRangeQuery,
  networkFlowSchema,
  officeSiteIdParams,
  officeSiteListQuery,
  officeSitePageSchema,
  officeSitePurchaseBody,
  officeSitePurchaseSchema,
  officeSiteSchema,
  officeSiteUpdateBody,
  officeSiteUpgradeBody,
  officeSiteUpgradePriceSchema,
  officeSiteUpgradeSchema,
  regionCountSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { ok } from '../../lib/reply';
import { authOf, clientOf } from '../identity/auth-hook';
import { toOrder } from '../orders/service';
import {
  describeOfficeSite,
  listOfficeSites,
  officeSiteNetworkFlow,
  officeSiteRegionCount,
  officeSiteUpgradePrice,
  purchaseOfficeSite,
  releaseOfficeSite,
  updateOfficeSite,
  upgradeOfficeSite,
} from './service';

const tags = ['office networks'];
const security = [{ bearer: [] }];

/** Spec §7 Office site: the customer's office networks, bought, upgraded, renamed and released. */
export const officeSiteRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/user/office_site',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's office networks, newest first (released ones only with status=released)",
        security,
        querystring: officeSiteListQuery,
        response: { 200: envelope(officeSitePageSchema) },
      },
    },
    async (request) =>
      ok(await listOfficeSites(db, authOf(request).userId, request.query, clientOf(request).language)),
  );

  app.get(
    '/user/office_site/region_count',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Live office networks per region (the free ones included)',
        security,
        response: { 200: envelope(regionCountSchema) },
      },
    },
    async (request) => ok(await officeSiteRegionCount(db, authOf(request).userId)),
  );

  app.post(
    '/user/office_site',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Buy an office network by subscription, charged the GET /user/network_cost price',
        description:
          'Send `Idempotency-Key`: a retry answers the same order and network, charging once. ' +
          'The network is made in the background (status creating → normal).',
        security,
        body: officeSitePurchaseBody,
        response: { 200: envelope(officeSitePurchaseSchema) },
      },
    },
    async (request) => {
      const key = `office-site:${idempotencyKeyOf(request)}`;
      const bought = await purchaseOfficeSite(deps, authOf(request).userId, request.body, key);
      return ok({
        order: toOrder(bought.order),
        office_site: await describeOfficeSite(db, bought.site, clientOf(request).language),
      });
    },
  );

  app.get(
    '/user/office_site/:id/upgrade_price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What raising the bandwidth costs now: the monthly difference prorated to the expiry',
        description:
          '422 OFFICE_SITE_DEFAULT_LOCKED on the free network, OFFICE_BANDWIDTH_NOT_HIGHER when not higher; ' +
          '409 OFFICE_SITE_EXPIRED once it has expired (renew first).',
        security,
        params: officeSiteIdParams,
        querystring: officeSiteUpgradeBody,
        response: { 200: envelope(officeSiteUpgradePriceSchema) },
      },
    },
    async (request) =>
      ok(
        await officeSiteUpgradePrice(
          deps,
          authOf(request).userId,
          request.params.id,
          request.query.bandwidth,
        ),
      ),
  );

  app.put(
    '/user/office_site/:id/upgrade',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Raise the bandwidth, charged the GET …/upgrade_price figure (order action upgrade)',
        description:
          'Send `Idempotency-Key`: a retry answers the same order, charging once. A refusal by the ' +
          'cloud refunds the order in full and keeps the old bandwidth. 409 OFFICE_SITE_EXPIRED once ' +
          'the network has expired (renew first).',
        security,
        params: officeSiteIdParams,
        body: officeSiteUpgradeBody,
        response: { 200: envelope(officeSiteUpgradeSchema) },
      },
    },
    async (request) => {
      const key = idempotencyKeyOf(request);
      const { order, site } = await upgradeOfficeSite(
        deps,
        authOf(request).userId,
        request.params.id,
        request.body.bandwidth,
        key,
      );
      return ok({
        order: toOrder(order),
        office_site: await describeOfficeSite(db, site, clientOf(request).language),
      });
    },
  );

  app.put(
    '/user/office_site/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Rename an office network and/or switch its auto-renew',
        description: '422 AUTO_RENEW_REFUSED on the free network.',
        security,
        params: officeSiteIdParams,
        body: officeSiteUpdateBody,
        response: { 200: envelope(officeSiteSchema) },
      },
    },
    async (request) => {
      const site = await updateOfficeSite(deps, authOf(request).userId, request.params.id, request.body);
      return ok(await describeOfficeSite(db, site, clientOf(request).language));
    },
  );

  app.delete(
    '/user/office_site/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Release an office network (status releasing, then released); nothing is refunded',
        description:
          '422 OFFICE_SITE_DEFAULT_LOCKED on the free network, OFFICE_SITE_IN_USE {count} while live ' +
          'cloud computers use it.',
        security,
        params: officeSiteIdParams,
        response: { 200: envelope(officeSiteSchema) },
      },
    },
    async (request) => {
      const site = await releaseOfficeSite(deps, authOf(request).userId, request.params.id);
      return ok(await describeOfficeSite(db, site, clientOf(request).language));
    },
  );

  app.get(
    '/user/office_site/:id/network_flow',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Traffic of an office network over a time range (per minute, 15 minutes or hour)',
        description: '422 OFFICE_SITE_NO_TRAFFIC on the free network (spec §5).',
        security,
        params: officeSiteIdParams,
        querystring: metricRangeQuery,
        response: { 200: envelope(networkFlowSchema) },
      },
    },
    async (request) =>
      ok(await officeSiteNetworkFlow(deps, authOf(request).userId, request.params.id, request.query)),
  );
};
