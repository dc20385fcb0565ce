import {
  envelope,
  ownProxyBody,
  ownProxyBulkBody,
  ownProxyBulkSchema,
  ownProxyListQuery,
  ownProxyPageSchema,
  ownProxySchema,
  ownProxyUpdateBody,
  priceQuoteSchema,
  proxyAutoRenewBody,
  proxyBindBody,
  proxyCredentialsSchema,
  proxyIdParams,
  proxyPoolEntrySchema,
  proxyPriceQuery,
  proxyPurchaseBody,
  proxyPurchaseSchema,
  proxyRenewBody,
  proxyRenewSchema,
  residentialProxyListQuery,
  residentialProxyPageSchema,
  residentialProxySchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { idempotencyKeyOf } from '../../../http/idempotency';
import { ok } from '../../../lib/reply';
import { languageOf, userIdOf } from '../../identity/auth-hook';
import { toOrder } from '../../orders/service';
import { assertPhoneAccess } from '../../phones/service';
import {
  bindOwnProxy,
  bulkCreateOwnProxies,
  checkOwnProxy,
  createOwnProxy,
  deleteOwnProxy,
  listOwnProxies,
  unbindOwnProxy,
  updateOwnProxy,
} from './own';
import {
  bindResidential,
  checkResidential,
  listProxyPool,
  listResidential,
  proxyPrice,
  purchaseProxies,
  releaseResidential,
  renewResidential,
  residentialRenewPrice,
  revealCredentials,
  switchResidentialAutoRenew,
  unbindResidential,
  viewResidential,
} from './residential';

const residentialTags = ['residential-proxies'];
const ownTags = ['own-proxies'];
const security = [{ bearer: [] }];

/**
 * Issue 19: static residential proxies (`/user/ph/proxy…`) and own proxies
 * (`/user/ph/own_proxy…`). They serve cloud phones, so the phone flag applies: one hook refuses
 * customers without `ph_white_user` (403 PHONE_ACCESS_DENIED) before the body is read.
 */
export const proxyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  app.addHook('preValidation', async (request) => {
    await assertPhoneAccess(db, userIdOf(request));
  });

  // ------------------------------------------------------------------------------- residential

  app.get(
    '/user/ph/proxy/pool',
    {
      config: { owner: true },
      schema: {
        tags: residentialTags,
        summary: 'Where the cloud offers static residential IPs (country, city, ISP) and the stock of each',
        security,
        response: { 200: envelope(z.array(proxyPoolEntrySchema)) },
      },
    },
    async () => ok(await listProxyPool(deps)),
  );

  app.get(
    '/user/ph/proxy/price',
    {
      config: { owner: true },
      schema: {
        tags: residentialTags,
        summary: 'What buying `quantity` residential proxies for `period` months costs (what POST charges)',
        security,
        querystring: proxyPriceQuery,
        response: { 200: envelope(priceQuoteSchema) },
      },
    },
    async (request) => ok(await proxyPrice(db, request.query)),
  );

  app.post(
    '/user/ph/proxy',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags: residentialTags,
        summary: 'Buy residential proxies of one location from the balance (order type proxy)',
        description:
          '404 PROXY_POOL_NOT_FOUND for an unknown location, 409 PROXY_OUT_OF_STOCK when fewer are left ' +
          'than asked, 422 INSUFFICIENT_BALANCE. The proxies are made in the background.',
        security,
        body: proxyPurchaseBody,
        response: { 200: envelope(proxyPurchaseSchema) },
      },
    },
    async (request) => {
      const bought = await purchaseProxies(
        deps,
        userIdOf(request),
        request.body,
        `proxy:${idempotencyKeyOf(request)}`,
      );
      return ok({ order: toOrder(bought.order), proxy_ids: bought.resources.map((row) => row.resourceId) });
    },
  );

  app.get(
    '/user/ph/proxy',
    {
      config: { owner: true },
      schema: {
        tags: residentialTags,
        summary: "The customer's residential proxies, newest first, filtered and paged",
        security,
        querystring: residentialProxyListQuery,
        response: { 200: envelope(residentialProxyPageSchema) },
      },
    },
    async (request) => ok(await listResidential(db, userIdOf(request), request.query)),
  );

  app.post(
    '/user/ph/proxy/:id/credentials',
    {
      config: { owner: true, log: { businessType: 'other' } },
      schema: {
        tags: residentialTags,
        summary: "Reveal a proxy's login (read from the cloud; each reveal is in the operation log)",
        security,
        params: proxyIdParams,
        response: { 200: envelope(proxyCredentialsSchema) },
      },
    },
    async (request) => ok(await revealCredentials(deps, userIdOf(request), request.params.id)),
  );

  app.post(
    '/user/ph/proxy/:id/bind',
    {
      config: { owner: true },
      schema: {
        tags: residentialTags,
        summary: "Route a phone's traffic through the proxy (running or stopped phones, one proxy per phone)",
        description:
          '409 PROXY_ALREADY_BOUND, PHONE_PROXY_BOUND, PROXY_NOT_READY or RESOURCE_ACTION_FORBIDDEN.',
        security,
        params: proxyIdParams,
        body: proxyBindBody,
        response: { 200: envelope(residentialProxySchema) },
      },
    },
    async (request) =>
      ok(await bindResidential(deps, userIdOf(request), request.params.id, request.body.phone_id)),
  );

  app.delete(
    '/user/ph/proxy/:id',
    {
      config: { owner: true },
      schema: {
        tags: residentialTags,
        summary:
          'Release the proxy before its end: off its phone first, the IP back to the pool, nothing refunded',
        security,
        params: proxyIdParams,
        response: { 200: envelope(residentialProxySchema) },
      },
    },
    async (request) => ok(await releaseResidential(deps, userIdOf(request), request.params.id)),
  );

  app.post(
    '/user/ph/proxy/:id/unbind',
    {
      config: { owner: true },
      schema: {
        tags: residentialTags,
        summary: 'Take the proxy off the phone: its traffic goes direct again',
        security,
        params: proxyIdParams,
        body: proxyBindBody,
        response: { 200: envelope(residentialProxySchema) },
      },
    },
    async (request) =>
      ok(await unbindResidential(deps, userIdOf(request), request.params.id, request.body.phone_id)),
  );

  app.get(
    '/user/ph/proxy/:id/renew_price',
    {
      config: { owner: true },
      schema: {
        tags: residentialTags,
        summary: 'What renewing the proxy for `period` months costs (what POST /renew charges)',
        security,
        params: proxyIdParams,
        querystring: proxyRenewBody,
        response: { 200: envelope(priceQuoteSchema) },
      },
    },
    async (request) =>
      ok(await residentialRenewPrice(db, userIdOf(request), request.params.id, request.query.period)),
  );

  app.post(
    '/user/ph/proxy/:id/renew',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags: residentialTags,
        summary: 'Renew the proxy from the balance',
        security,
        params: proxyIdParams,
        body: proxyRenewBody,
        response: { 200: envelope(proxyRenewSchema) },
      },
    },
    async (request) => {
      const renewal = await renewResidential(
        deps,
        userIdOf(request),
        request.params.id,
        request.body.period,
        idempotencyKeyOf(request),
      );
      return ok({ order: toOrder(renewal.order), proxy: await viewResidential(db, renewal.resource) });
    },
  );

  app.put(
    '/user/ph/proxy/:id/auto_renew',
    {
      config: { owner: true },
      schema: {
        tags: residentialTags,
        summary: 'Switch auto-renew (a month from the balance at expiry)',
        security,
        params: proxyIdParams,
        body: proxyAutoRenewBody,
        response: { 200: envelope(residentialProxySchema) },
      },
    },
    async (request) =>
      ok(await switchResidentialAutoRenew(db, userIdOf(request), request.params.id, request.body.auto_renew)),
  );

  app.post(
    '/user/ph/proxy/:id/check',
    {
      config: { owner: true, log: { businessType: 'other' } },
      schema: {
        tags: residentialTags,
        summary: "Measure the proxy's latency now through the cloud's probe; kept as its last check",
        security,
        params: proxyIdParams,
        response: { 200: envelope(residentialProxySchema) },
      },
    },
    async (request) => ok(await checkResidential(deps, userIdOf(request), request.params.id)),
  );

  // ------------------------------------------------------------------------------- own proxies

  app.get(
    '/user/ph/own_proxy',
    {
      config: { owner: true },
      schema: {
        tags: ownTags,
        summary: "The customer's own proxies, newest first, filtered and paged (never their passwords)",
        security,
        querystring: ownProxyListQuery,
        response: { 200: envelope(ownProxyPageSchema) },
      },
    },
    async (request) => ok(await listOwnProxies(db, userIdOf(request), request.query)),
  );

  app.post(
    '/user/ph/own_proxy',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags: ownTags,
        summary: 'Register one proxy (the password is stored encrypted)',
        security,
        body: ownProxyBody,
        response: { 200: envelope(ownProxySchema) },
      },
    },
    async (request) => ok(await createOwnProxy(deps, userIdOf(request), request.body)),
  );

  app.post(
    '/user/ph/own_proxy/bulk',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags: ownTags,
        summary: 'Register proxies pasted one `host:port:username:password` per line; each line reported',
        security,
        body: ownProxyBulkBody,
        response: { 200: envelope(ownProxyBulkSchema) },
      },
    },
    async (request) =>
      ok(await bulkCreateOwnProxies(deps, userIdOf(request), request.body, languageOf(request))),
  );

  app.put(
    '/user/ph/own_proxy/:id',
    {
      config: { owner: true },
      schema: {
        tags: ownTags,
        summary: 'Edit a proxy (the password is kept unless given; 409 PROXY_IN_USE to re-point a bound one)',
        security,
        params: proxyIdParams,
        body: ownProxyUpdateBody,
        response: { 200: envelope(ownProxySchema) },
      },
    },
    async (request) => ok(await updateOwnProxy(deps, userIdOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/user/ph/own_proxy/:id',
    {
      config: { owner: true },
      schema: {
        tags: ownTags,
        summary: 'Delete a proxy (409 PROXY_IN_USE while phones use it)',
        security,
        params: proxyIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteOwnProxy(deps, userIdOf(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/user/ph/own_proxy/:id/check',
    {
      config: { owner: true, log: { businessType: 'other' } },
      schema: {
        tags: ownTags,
        summary:
          'Connect through the proxy and authenticate now (SOCKS5 or HTTP CONNECT); result and latency kept',
        security,
        params: proxyIdParams,
        response: { 200: envelope(ownProxySchema) },
      },
    },
    async (request) => ok(await checkOwnProxy(deps, userIdOf(request), request.params.id)),
  );

  app.post(
    '/user/ph/own_proxy/:id/bind',
    {
      config: { owner: true },
      schema: {
        tags: ownTags,
        summary: "Route a phone's traffic through the proxy (one proxy per phone; a proxy may serve many)",
        security,
        params: proxyIdParams,
        body: proxyBindBody,
        response: { 200: envelope(ownProxySchema) },
      },
    },
    async (request) =>
      ok(await bindOwnProxy(deps, userIdOf(request), request.params.id, request.body.phone_id)),
  );

  app.post(
    '/user/ph/own_proxy/:id/unbind',
    {
      config: { owner: true },
      schema: {
        tags: ownTags,
        summary: 'Take the proxy off one phone',
        security,
        params: proxyIdParams,
        body: proxyBindBody,
        response: { 200: envelope(ownProxySchema) },
      },
    },
    async (request) =>
      ok(await unbindOwnProxy(deps, userIdOf(request), request.params.id, request.body.phone_id)),
  );
};
