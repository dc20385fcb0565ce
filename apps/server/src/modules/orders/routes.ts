import {
  envelope,
  orderDetailSchema,
  orderExportBody,
  orderListQuery,
  orderPageSchema,
  productTypeListSchema,
  userOrderIdParams,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendCsv } from '../../http/csv-reply';
import { ok } from '../../lib/reply';
import { authOf, clientOf } from '../identity/auth-hook';
import { exportOrders, getOrder, listOrders, productTypes } from './service';

const tags = ['orders'];
const security = [{ bearer: [] }];

/** Spec §7: the customer's orders, one order with its bills, the product types, and the CSV export. */
export const orderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  // The export is a classic form POST (spec §7 Files).
  acceptFormBodies(app);

  app.get(
    '/user/order',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's orders, newest first",
        security,
        querystring: orderListQuery,
        response: { 200: envelope(orderPageSchema) },
      },
    },
    async (request) => ok(await listOrders(db, authOf(request).userId, request.query)),
  );

  // A fixed path: the router prefers it to `/user/order/:id`, whatever the declaration order.
  app.get(
    '/user/order/product_type',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The product types orders are filtered by, labelled in the caller’s language',
        security,
        response: { 200: envelope(productTypeListSchema) },
      },
    },
    async (request) => ok(await productTypes(db, clientOf(request).language)),
  );

  app.get(
    '/user/order/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "One of the customer's orders with its spec and wallet movements; another's answers 404",
        security,
        params: userOrderIdParams,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) =>
      ok(await getOrder(db, authOf(request).userId, request.params.id, clientOf(request).language)),
  );

  app.post(
    '/user/order/export',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The orders matching the filters as CSV (UTF-8 with BOM, at most 50 000 rows)',
        description: 'Form-encoded body; the header row follows Accept-Language, times `time_zone`.',
        security,
        consumes: [FORM_CONTENT_TYPE],
        body: orderExportBody,
      },
    },
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const exported = await exportOrders(db, authOf(request).userId, filter, {
        language: clientOf(request).language,
        timeZone,
        now: deps.clock.now(),
      });
      return sendCsv(reply, exported);
    },
  );
};
