import {
  bizGatewayAnswerSchema,
  bizGatewaySettingSchema,
  bizTopupDetailSchema,
  bizTopupExportBody,
  bizTopupListQuery,
  bizTopupPageSchema,
  bizTopupReconcileBody,
  envelope,
  numericIdParams,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendDownload } from '../../../http/csv-reply';
import { operatorRoute } from '../../../http/operator-route';
import { ok } from '../../../lib/reply';
import { SHEET_CONTENT_TYPES } from '../../../lib/sheet-export';
import { paymentGatewaysOf } from '../../../providers/payments';
import { authOf, clientOf } from '../../identity/auth-hook';
import {
  exportBizTopups,
  gatewayAnswer,
  gatewaySettings,
  getBizTopup,
  pageBizTopups,
  reconcileBizTopup,
} from './service';

const TAG = 'business-topup';

/** Every customer's top-ups in the operator's data scope (issue 18); outside it 404. */
export const businessTopupRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const gateways = paymentGatewaysOf(deps.config, deps.clock, deps.database);
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
  acceptFormBodies(app);

  app.get(
    '/business/topup/list',
    operatorRoute(TAG, 'business:topup:list', {
      summary: 'Top-up orders of the customers in the caller’s scope, paged and filtered, newest first',
      querystring: bizTopupListQuery,
      response: { 200: envelope(bizTopupPageSchema) },
    }),
    async (request) => ok(await pageBizTopups(db, me(request), request.query)),
  );

  app.get(
    '/business/topup/gateways',
    operatorRoute(TAG, 'business:topup:list', {
      summary: 'Which gateway serves each pay type and its callback URL (never a secret)',
      response: { 200: envelope(z.array(bizGatewaySettingSchema)) },
    }),
    async () => ok(gatewaySettings(deps.config, gateways)),
  );

  app.get(
    '/business/topup/:id',
    operatorRoute(TAG, 'business:topup:query', {
      summary: 'One top-up with every callback received for it (signatures and secrets masked)',
      params: numericIdParams,
      response: { 200: envelope(bizTopupDetailSchema) },
    }),
    async (request) => ok(await getBizTopup(db, me(request), request.params.id)),
  );

  app.get(
    '/business/topup/:id/gateway',
    operatorRoute(TAG, 'business:topup:reconcile', {
      summary: 'Asks the order’s gateway about its payment (shown before a reconcile is confirmed)',
      params: numericIdParams,
      response: { 200: envelope(bizGatewayAnswerSchema) },
    }),
    async (request) => ok(await gatewayAnswer(db, gateways, me(request), request.params.id)),
  );

  app.post(
    '/business/topup/:id/reconcile',
    operatorRoute(
      TAG,
      'business:topup:reconcile',
      {
        summary: 'Marks a pending or timed-out top-up paid once its gateway confirms the payment',
        description:
          'The gateway is asked again; only a payment it confirms in full is credited, once, through ' +
          'the transaction a paid callback runs (a later callback credits nothing).',
        params: numericIdParams,
        body: bizTopupReconcileBody,
        response: { 200: envelope(bizTopupDetailSchema) },
      },
      { idempotent: true },
    ),
    async (request) =>
      ok(await reconcileBizTopup({ ...deps, gateways }, me(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/business/topup/export',
    operatorRoute(TAG, 'business:topup:export', {
      summary: 'The filtered top-ups in the caller’s scope as XLSX (default) or CSV',
      description: 'Form-encoded body; titles follow Accept-Language, times `time_zone`.',
      consumes: [FORM_CONTENT_TYPE],
      body: bizTopupExportBody,
    }),
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const { format, ...filters } = filter;
      const exported = await exportBizTopups(db, me(request), filters, {
        format,
        language: clientOf(request).language,
        timeZone,
        now: deps.clock.now(),
      });
      return sendDownload(reply, exported, SHEET_CONTENT_TYPES[format]);
    },
  );
};
