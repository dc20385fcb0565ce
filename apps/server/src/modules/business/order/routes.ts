import {
  bizOrderDetailSchema,
  bizOrderExportBody,
  bizOrderListQuery,
  bizOrderPageSchema,
  bizOrderRefundBody,
  envelope,
  numericIdParams,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendDownload } from '../../../http/csv-reply';
import { idempotencyKeyOf } from '../../../http/idempotency';
import { operatorRoute } from '../../../http/operator-route';
import { ok } from '../../../lib/reply';
import { SHEET_CONTENT_TYPES } from '../../../lib/sheet-export';
import { authOf, clientOf } from '../../identity/auth-hook';
import { exportBizOrders, getBizOrder, pageBizOrders, refundBizOrder } from './service';

const TAG = 'business-order';

/** Every customer's orders in the operator's data scope (issue 18); outside it 404. */
export const businessOrderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
  acceptFormBodies(app);

  app.get(
    '/business/order/list',
    operatorRoute(TAG, 'business:order:list', {
      summary: 'Orders of the customers in the caller’s scope, paged and filtered, newest first',
      querystring: bizOrderListQuery,
      response: { 200: envelope(bizOrderPageSchema) },
    }),
    async (request) => ok(await pageBizOrders(db, me(request), request.query)),
  );

  app.get(
    '/business/order/:id',
    operatorRoute(TAG, 'business:order:query', {
      summary: 'One order with the wallet movements naming it and its refunds',
      params: numericIdParams,
      response: { 200: envelope(bizOrderDetailSchema) },
    }),
    async (request) => ok(await getBizOrder(db, me(request), request.params.id, clientOf(request).language)),
  );

  app.post(
    '/business/order/:id/refund',
    operatorRoute(
      TAG,
      'business:order:refund',
      {
        summary: 'Refunds part or all of the order to the balance (at most paid − refunded)',
        params: numericIdParams,
        body: bizOrderRefundBody,
        response: { 200: envelope(bizOrderDetailSchema) },
      },
      { idempotent: true },
    ),
    async (request) =>
      ok(
        await refundBizOrder(
          deps.database,
          me(request),
          request.params.id,
          request.body,
          idempotencyKeyOf(request),
          clientOf(request).language,
        ),
      ),
  );

  app.post(
    '/business/order/export',
    operatorRoute(TAG, 'business:order:export', {
      summary: 'The filtered orders in the caller’s scope as XLSX (default) or CSV',
      description: 'Form-encoded body; titles follow Accept-Language, times `time_zone`.',
      consumes: [FORM_CONTENT_TYPE],
      body: bizOrderExportBody,
    }),
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const { format, ...filters } = filter;
      const exported = await exportBizOrders(db, me(request), filters, {
        format,
        language: clientOf(request).language,
        timeZone,
        now: deps.clock.now(),
      });
      return sendDownload(reply, exported, SHEET_CONTENT_TYPES[format]);
    },
  );
};
