import {
  envelope,
  proxyLinkCreatedSchema,
  proxyLinkStatusSchema,
  proxySetBody,
  proxySetJsonSchema,
  proxySetParams,
  proxySetSchema,
  proxySetTokenHeaders,
  resourceIdField,
  type ProxySetKind,
} from '@cloudbay/contracts';
import { secretKeyOf } from '../../../lib/secret-box';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import { userIdOf } from '../../identity/auth-hook';
import { createProxyLink, proxyLinkStatus, readProxySet, revokeProxyLink, writeProxySet } from './service';

const tags = ['proxy-set'];
const security = [{ bearer: [] }];

/** Where each kind's link routes live and the name of its id param (as the resource's own routes name it). */
const LINK_ROUTES: Record<ProxySetKind, { url: string; param: string }> = {
  desktop: { url: '/user/proxy_link/desktop/:desktop_id', param: 'desktop_id' },
  phone: { url: '/user/proxy_link/phone/:id', param: 'id' },
};

/**
 * The proxy set (issue 19): the console's link management per desktop and phone (owner routes),
 * and the public API the /proxySet page and the resource's client call with the link's token in
 * the `x-proxy-token` header (so it stays out of URLs and logs).
 */
export const proxySetRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  for (const kind of ['desktop', 'phone'] as const) {
    const { url, param } = LINK_ROUTES[kind];
    const params = z.object({ [param]: resourceIdField });
    const idOf = (request: { params: unknown }) => (request.params as Record<string, string>)[param]!;

    app.get(
      url,
      {
        config: { owner: true },
        schema: {
          tags,
          summary: `Whether the ${kind} has a live proxy settings link (its token is never shown again)`,
          security,
          params,
          response: { 200: envelope(proxyLinkStatusSchema) },
        },
      },
      async (request) => ok(await proxyLinkStatus(db, userIdOf(request), kind, idOf(request))),
    );

    app.post(
      url,
      {
        // No Idempotency-Key: nothing is charged or provisioned, and a repeat only replaces the
        // link it made (the previous token dies); a stored answer would keep the token.
        config: { owner: true },
        schema: {
          tags,
          summary: `A new proxy settings link for the ${kind}: the previous one is revoked, the token answered once`,
          security,
          params,
          response: { 200: envelope(proxyLinkCreatedSchema) },
        },
      },
      async (request) =>
        ok(await createProxyLink(deps.database, deps.clock, userIdOf(request), kind, idOf(request))),
    );

    app.delete(
      url,
      {
        config: { owner: true },
        schema: {
          tags,
          summary: `Revokes the ${kind}'s proxy settings link: its token answers 401 from now on`,
          security,
          params,
          response: { 200: envelope(proxyLinkStatusSchema) },
        },
      },
      async (request) => ok(await revokeProxyLink(db, deps.clock, userIdOf(request), kind, idOf(request))),
    );
  }

  app.get(
    '/proxy_set/schema',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The JSON Schema (draft 2020-12) of a proxy set file, as /proxySet imports and exports it',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    // The schema itself, not an envelope: JSON Schema tools read it as it is.
    async () => proxySetJsonSchema(),
  );

  // What the two token routes share: public, the token header, the resource param, the set answered.
  const tokenRoute = {
    tags,
    description:
      "Public: the proxy settings link's token in the `x-proxy-token` header. 401 PROXY_SET_TOKEN_INVALID " +
      "for an unknown or revoked token, 404 PROXY_SET_NOT_FOUND for another resource than the token's.",
    params: proxySetParams,
    headers: proxySetTokenHeaders,
    response: { 200: envelope(proxySetSchema) },
  };
  const accessOf = (request: { headers: { 'x-proxy-token': string }; params: { resource_id: string } }) => ({
    token: request.headers['x-proxy-token'],
    resourceId: request.params.resource_id,
  });

  app.get(
    '/proxy_set/:resource_id',
    {
      config: { public: true },
      schema: { ...tokenRoute, summary: "The resource's proxy configurations, as its client applies them" },
    },
    async (request) =>
      ok(await readProxySet(db, deps.clock, accessOf(request), secretKeyOf(deps.config.PROXY_SECRET_KEY))),
  );

  app.put(
    '/proxy_set/:resource_id',
    {
      config: { public: true },
      schema: {
        ...tokenRoute,
        summary: "Replaces the resource's proxy configurations (at least one, rule domains only *.x.y)",
        body: proxySetBody,
      },
    },
    async (request) =>
      ok(
        await writeProxySet(
          deps,
          accessOf(request),
          request.body.configs,
          secretKeyOf(deps.config.PROXY_SECRET_KEY),
        ),
      ),
  );
};
