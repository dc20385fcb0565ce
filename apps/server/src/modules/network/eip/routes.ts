import {
  eipBandwidthQuery,
  eipBindBody,
  eipIdParams,
  eipListQuery,
  eipMonitorParams,
  eipPageSchema,
  eipPriceQuery,
  eipPurchaseBody,
  eipPurchaseSchema,
  eipRenewBody,
  eipRenewPriceQuery,
  eipRenewSchema,
  eipSchema,
  eipUnbindBody,
  eipUpdateBody,
  eipUpdateSchema,
  envelope,
  metricRangeQuery,
  modifySpecQuoteSchema,
  networkFlowSchema,
  priceQuoteSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { idempotencyKeyOf } from '../../../http/idempotency';
import { ok } from '../../../lib/reply';
import { userIdOf } from '../../identity/auth-hook';
import { toOrder } from '../../orders/service';
import {
  bindEip,
  describeEip,
  eipBandwidthPrice,
  eipMonitor,
  eipPrice,
  eipRenewPrice,
  listEips,
  purchaseEips,
  renewEips,
  toEips,
  unbindEip,
  updateEip,
} from './service';

const tags = ['elastic-ips'];
const security = [{ bearer: [] }];

/**
 * Spec §7 Cloud phone EIP. Registered inside `phoneRoutes`, whose hook refuses customers without
 * the phone flag (403 PHONE_ACCESS_DENIED) before anything here runs.
 */
export const eipRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/user/ph/eip/price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What buying EIPs costs (what POST /user/ph/eip charges)',
        description:
          'Bandwidth 1–1000 Mbps; with `u_network_id` (an address of that phone network) 5–200 Mbps.',
        security,
        querystring: eipPriceQuery,
        response: { 200: envelope(priceQuoteSchema) },
      },
    },
    async (request) => ok(await eipPrice(db, userIdOf(request), request.query)),
  );

  app.post(
    '/user/ph/eip',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary:
          'Buy elastic IPs: the order is charged now (the /price figure), the addresses made in the background',
        description:
          'Into a phone network (`u_network_id`, same region): 5–200 Mbps and within its quota ' +
          '(422 PHONE_NETWORK_QUOTA_FULL).',
        security,
        body: eipPurchaseBody,
        response: { 200: envelope(eipPurchaseSchema) },
      },
    },
    async (request) => {
      const bought = await purchaseEips(
        deps,
        userIdOf(request),
        request.body,
        `eip:${idempotencyKeyOf(request)}`,
      );
      return ok({ order: toOrder(bought.order), eip_ids: bought.resources.map((row) => row.resourceId) });
    },
  );

  app.get(
    '/user/ph/eip',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's elastic IPs, newest first, filtered and paged",
        description: '`expiry_state` says where the subscription stands; `actions` what each allows now.',
        security,
        querystring: eipListQuery,
        response: { 200: envelope(eipPageSchema) },
      },
    },
    async (request) => ok(await listEips(deps, userIdOf(request), request.query)),
  );

  app.post(
    '/user/ph/eip/bind',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Bind an unallocated address to a phone of its region',
        description:
          '409 EIP_ALREADY_BOUND on an allocated address, PHONE_HAS_EIP for a phone behind another; ' +
          '422 EIP_REGION_MISMATCH.',
        security,
        body: eipBindBody,
        response: { 200: envelope(eipSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      return ok(await describeEip(deps, userId, await bindEip(deps, userId, request.body)));
    },
  );

  app.post(
    '/user/ph/eip/unbind',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Unbind an allocated address from its phone (409 EIP_NOT_BOUND otherwise)',
        security,
        body: eipUnbindBody,
        response: { 200: envelope(eipSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      return ok(await describeEip(deps, userId, await unbindEip(deps, userId, request.body.eip_id)));
    },
  );

  app.get(
    '/user/ph/eip/:id/bandwidth_price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What changing the bandwidth costs now (prorated to the expiry; a cut is free)',
        security,
        params: eipIdParams,
        querystring: eipBandwidthQuery,
        response: { 200: envelope(modifySpecQuoteSchema) },
      },
    },
    async (request) =>
      ok(await eipBandwidthPrice(deps, userIdOf(request), request.params.id, request.query.bandwidth)),
  );

  app.put(
    '/user/ph/eip/:id',
    {
      // A bandwidth raise moves money, so every edit carries its key.
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Rename an address, switch auto-renew, change its bandwidth (the /bandwidth_price figure)',
        description:
          'The bandwidth of an unbound address cannot change (409 EIP_BANDWIDTH_UNBOUND, spec §4).',
        security,
        params: eipIdParams,
        body: eipUpdateBody,
        response: { 200: envelope(eipUpdateSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { change, row } = await updateEip(
        deps,
        userId,
        request.params.id,
        request.body,
        idempotencyKeyOf(request),
      );
      const order = change?.order ? toOrder(change.order) : null;
      return ok({ order, eip: await describeEip(deps, userId, row) });
    },
  );

  app.get(
    '/user/ph/eip/renew_price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What renewing these addresses for months costs (summed; one region)',
        security,
        querystring: eipRenewPriceQuery,
        response: { 200: envelope(priceQuoteSchema) },
      },
    },
    async (request) =>
      ok(await eipRenewPrice(db, userIdOf(request), request.query.eip_ids, request.query.period)),
  );

  app.post(
    '/user/ph/eip/renew',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Renew addresses of one region for months, all or none (one renewal order each)',
        description: '422 EIP_RENEW_REGION_MIXED names the addresses of another region.',
        security,
        body: eipRenewBody,
        response: { 200: envelope(eipRenewSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const renewals = await renewEips(deps, userId, request.body, idempotencyKeyOf(request));
      return ok({
        orders: renewals.map((renewal) => toOrder(renewal.order)),
        eips: await toEips(
          deps,
          db,
          userId,
          renewals.map((renewal) => renewal.resource),
        ),
      });
    },
  );

  app.get(
    '/user/ph/eip/:eip_id/monitor',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Traffic in and out of an address over a time range (per minute, 15 minutes or hour)',
        security,
        params: eipMonitorParams,
        querystring: metricRangeQuery,
        response: { 200: envelope(networkFlowSchema) },
      },
    },
    async (request) => ok(await eipMonitor(deps, userIdOf(request), request.params.eip_id, request.query)),
  );
};
