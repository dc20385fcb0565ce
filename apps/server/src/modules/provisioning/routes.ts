import { randomUUID } from 'node:crypto';
import {
  desktopIdParams,
  desktopListQuery,
  desktopPageSchema,
  desktopPurchaseBody,
  desktopPurchaseSchema,
  desktopRunStatusBody,
  desktopRunStatusSchema,
  envelope,
  type DesktopStatus,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { authOf } from '../identity/auth-hook';
import { toOrder } from '../orders/service';
import { requestAction } from './actions';
import { desktopOfUser, listDesktops, purchaseDesktops } from './service';

const tags = ['desktops'];
const security = [{ bearer: [] }];

/** Spec §7 Desktops: buy cloud computers, list them, start / stop / restart one. */
export const provisioningRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.post(
    '/user/desktop',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Buy cloud computers: the order is charged now, the computers are made in the background',
        description:
          'Send `Idempotency-Key`: a retry answers the same order and computers, charging once. ' +
          'Pay-as-you-go needs one hour of every computer in the balance (422 otherwise).',
        security,
        body: desktopPurchaseBody,
        response: { 200: envelope(desktopPurchaseSchema) },
      },
    },
    async (request) => {
      // Without the header the purchase is still atomic, only not safe to repeat.
      const key = `desktop:${request.idempotencyKey ?? randomUUID()}`;
      const bought = await purchaseDesktops(deps, authOf(request).userId, request.body, key);
      return ok({
        order: toOrder(bought.order),
        desktop_ids: bought.resources.map((row) => row.resourceId),
        office_site_id: bought.officeSite.resourceId,
      });
    },
  );

  app.get(
    '/user/desktop',
    {
      schema: {
        tags,
        summary: "The customer's cloud computers, newest first",
        security,
        querystring: desktopListQuery,
        response: { 200: envelope(desktopPageSchema) },
      },
    },
    async (request) => ok(await listDesktops(db, authOf(request).userId, request.query)),
  );

  app.put(
    '/user/desktop/:desktop_id/run_status',
    {
      schema: {
        tags,
        summary: 'Start, shut down or restart a cloud computer (409 when its status does not allow it)',
        security,
        params: desktopIdParams,
        body: desktopRunStatusBody,
        response: { 200: envelope(desktopRunStatusSchema) },
      },
    },
    async (request) => {
      const desktop = await desktopOfUser(db, authOf(request).userId, request.params.desktop_id);
      const row = await requestAction(deps, desktop, request.body.action);
      return ok({ desktop_id: row.resourceId, status: row.status as DesktopStatus });
    },
  );
};
