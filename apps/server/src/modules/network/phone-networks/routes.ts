import {
  eipSchema,
  envelope,
  phoneNetworkCreateBody,
  phoneNetworkCreateSchema,
  phoneNetworkEipParams,
  phoneNetworkIdParams,
  phoneNetworkListQuery,
  phoneNetworkPageSchema,
  phoneNetworkParams,
  phoneNetworkPhoneBody,
  phoneNetworkPriceQuery,
  phoneNetworkRenewBody,
  phoneNetworkRenewSchema,
  phoneNetworkSchema,
  phoneNetworkUpdateBody,
  priceQuoteSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { idempotencyKeyOf } from '../../../http/idempotency';
import { ok } from '../../../lib/reply';
import { userIdOf } from '../../identity/auth-hook';
import { toOrder } from '../../orders/service';
import { describeEip } from '../eip/service';
import {
  bindPhoneInNetwork,
  createPhoneNetwork,
  listPhoneNetworks,
  phoneNetworkPrice,
  renewPhoneNetwork,
  toPhoneNetworks,
  unbindPhoneInNetwork,
  updatePhoneNetwork,
} from './service';

const tags = ['phone-networks'];
const security = [{ bearer: [] }];

/**
 * Spec §7 Phone networks. Registered inside `phoneRoutes`, whose hook refuses customers without
 * the phone flag (403 PHONE_ACCESS_DENIED).
 */
export const phoneNetworkRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/user/ph/ph_u_network',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's custom phone networks with their quota and what each may still take",
        security,
        querystring: phoneNetworkListQuery,
        response: { 200: envelope(phoneNetworkPageSchema) },
      },
    },
    async (request) => ok(await listPhoneNetworks(deps, userIdOf(request), request.query)),
  );

  app.get(
    '/user/ph/ph_u_network/price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What a phone network costs for months (what /create and a renewal charge)',
        security,
        querystring: phoneNetworkPriceQuery,
        response: { 200: envelope(priceQuoteSchema) },
      },
    },
    async (request) => ok(await phoneNetworkPrice(db, request.query)),
  );

  app.post(
    '/user/ph/ph_u_network/create',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Create a custom phone network holding up to `quota` EIPs (5–200 Mbps each)',
        security,
        body: phoneNetworkCreateBody,
        response: { 200: envelope(phoneNetworkCreateSchema) },
      },
    },
    async (request) => {
      const key = `phone-network:${idempotencyKeyOf(request)}`;
      const { order, network } = await createPhoneNetwork(deps, userIdOf(request), request.body, key);
      return ok({ order: toOrder(order), u_network_id: network.resourceId });
    },
  );

  app.post(
    '/user/ph/ph_u_network/:id/renew',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Renew a phone network for months (the /price figure for its region)',
        security,
        params: phoneNetworkIdParams,
        body: phoneNetworkRenewBody,
        response: { 200: envelope(phoneNetworkRenewSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const renewal = await renewPhoneNetwork(
        deps,
        userId,
        request.params.id,
        request.body.period,
        idempotencyKeyOf(request),
      );
      const [network] = await toPhoneNetworks(deps, userId, [renewal.resource]);
      return ok({ order: toOrder(renewal.order), network: network! });
    },
  );

  app.put(
    '/user/ph/ph_u_network/:u_network_id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Rename a phone network (as at creation) or switch its auto-renewal',
        security,
        params: phoneNetworkParams,
        body: phoneNetworkUpdateBody,
        response: { 200: envelope(phoneNetworkSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const row = await updatePhoneNetwork(deps, userId, request.params.u_network_id, request.body);
      const [network] = await toPhoneNetworks(deps, userId, [row]);
      return ok(network!);
    },
  );

  app.post(
    '/user/ph/ph_u_network/:u_network_id/eip/:eip_id/bind_ph',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "Put a phone behind one of the network's addresses (the IP rules, the network's quota)",
        security,
        params: phoneNetworkEipParams,
        body: phoneNetworkPhoneBody,
        response: { 200: envelope(eipSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const eip = await bindPhoneInNetwork(deps, userId, request.params, request.body.phone_id);
      return ok(await describeEip(deps, userId, eip));
    },
  );

  app.post(
    '/user/ph/ph_u_network/:u_network_id/eip/unbind_ph',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "Take a phone from behind the network's address (404 PHONE_NOT_IN_NETWORK)",
        security,
        params: phoneNetworkParams,
        body: phoneNetworkPhoneBody,
        response: { 200: envelope(eipSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const eip = await unbindPhoneInNetwork(
        deps,
        userId,
        request.params.u_network_id,
        request.body.phone_id,
      );
      return ok(await describeEip(deps, userId, eip));
    },
  );
};
