import {
  billListQuery,
  billPageSchema,
  customerDetailSchema,
  customerExportBody,
  customerListQuery,
  customerNoteBody,
  customerNoteSchema,
  customerOptionsSchema,
  customerPageSchema,
  customerParams,
  customerResourceQuery,
  customerResourceSchema,
  customerSessionParams,
  customerSessionSchema,
  customerSettingsBody,
  customerStatusBody,
  envelope,
  orderListQuery,
  orderPageSchema,
  pageOf,
  pageQuery,
  subAccountSchema,
  topupListQuery,
  topupPageSchema,
  userNoticePageSchema,
  userNoticeQuery,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendDownload } from '../../../http/csv-reply';
import { ok } from '../../../lib/reply';
import { SHEET_CONTENT_TYPES } from '../../../lib/sheet-export';
import { authOf, clientOf } from '../../identity/auth-hook';
import {
  addCustomerNote,
  changeCustomerStatus,
  customerBills,
  customerNotes,
  customerNotices,
  customerOptions,
  customerOrders,
  customerResources,
  customerSessions,
  customerSubAccounts,
  customerTopups,
  exportCustomers,
  getCustomer,
  pageCustomers,
  revokeCustomerSession,
  updateCustomerSettings,
} from './service';
import { systemRoute } from '../../system/route-options';

const route = systemRoute('business-customer');
const detailAnswer = { 200: envelope(customerDetailSchema) };
const BASE = '/business/customer';

/**
 * Customers for operators (issue 18): `business:customer:list` the list, `:query` one customer and
 * its tabs, `:edit` settings, status, notes and ending sessions, `:export` the sheet. A customer
 * outside the caller's data scope answers 404 CUSTOMER_NOT_FOUND on every route.
 */
export const businessCustomerRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
  const language = (request: Parameters<typeof clientOf>[0]) => clientOf(request).language;
  acceptFormBodies(app);

  app.get(
    `${BASE}`,
    route('business:customer:list', {
      summary:
        'Customers in the caller’s data scope with balance, totals and live resources; paged, filtered, sorted',
      querystring: customerListQuery,
      response: { 200: envelope(customerPageSchema) },
    }),
    async (request) => ok(await pageCustomers(db, me(request), request.query)),
  );

  app.get(
    `${BASE}/options`,
    route('business:customer:query', {
      summary: 'The departments and operators the settings form offers (the caller’s scope)',
      response: { 200: envelope(customerOptionsSchema) },
    }),
    async (request) => ok(await customerOptions(db, me(request))),
  );

  app.post(
    `${BASE}/export`,
    route('business:customer:export', {
      summary: 'The filtered customers in the caller’s scope as XLSX (default) or CSV',
      description: 'Form-encoded body; titles follow Accept-Language, times `time_zone`.',
      consumes: [FORM_CONTENT_TYPE],
      body: customerExportBody,
    }),
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const { format, ...filters } = filter;
      const exported = await exportCustomers(db, me(request), filters, {
        format,
        language: language(request),
        timeZone,
        now: deps.clock.now(),
      });
      return sendDownload(reply, exported, SHEET_CONTENT_TYPES[format]);
    },
  );

  app.get(
    `${BASE}/:userId`,
    route('business:customer:query', {
      summary: 'One customer’s profile, wallet and settings',
      params: customerParams,
      response: detailAnswer,
    }),
    async (request) => ok(await getCustomer(db, me(request), request.params.userId)),
  );

  // The tabs: each the customer-side list of its area, read for the customer.
  app.get(
    `${BASE}/:userId/bills`,
    route('business:customer:query', {
      summary: 'The customer’s wallet movements (bills), newest first',
      params: customerParams,
      querystring: billListQuery,
      response: { 200: envelope(billPageSchema) },
    }),
    async (request) =>
      ok(await customerBills(db, me(request), request.params.userId, request.query, language(request))),
  );

  app.get(
    `${BASE}/:userId/topups`,
    route('business:customer:query', {
      summary: 'The customer’s top-up orders, newest first',
      params: customerParams,
      querystring: topupListQuery,
      response: { 200: envelope(topupPageSchema) },
    }),
    async (request) => ok(await customerTopups(db, me(request), request.params.userId, request.query)),
  );

  app.get(
    `${BASE}/:userId/orders`,
    route('business:customer:query', {
      summary: 'The customer’s orders, newest first',
      params: customerParams,
      querystring: orderListQuery,
      response: { 200: envelope(orderPageSchema) },
    }),
    async (request) => ok(await customerOrders(db, me(request), request.params.userId, request.query)),
  );

  app.get(
    `${BASE}/:userId/resources`,
    route('business:customer:query', {
      summary: 'The customer’s resources of every kind (live ones unless withDeleted=1)',
      params: customerParams,
      querystring: customerResourceQuery,
      response: { 200: envelope(pageOf(customerResourceSchema)) },
    }),
    async (request) =>
      ok(await customerResources(db, me(request), request.params.userId, request.query, language(request))),
  );

  app.get(
    `${BASE}/:userId/sub-accounts`,
    route('business:customer:query', {
      summary: 'The customer’s sub-accounts',
      params: customerParams,
      querystring: pageQuery,
      response: { 200: envelope(pageOf(subAccountSchema)) },
    }),
    async (request) => ok(await customerSubAccounts(db, me(request), request.params.userId, request.query)),
  );

  app.get(
    `${BASE}/:userId/sessions`,
    route('business:customer:query', {
      summary: 'The customer’s live sessions, most recently seen first',
      params: customerParams,
      querystring: pageQuery,
      response: { 200: envelope(pageOf(customerSessionSchema)) },
    }),
    async (request) => ok(await customerSessions(db, me(request), request.params.userId, request.query)),
  );

  app.delete(
    `${BASE}/:userId/sessions/:sessionId`,
    route(
      'business:customer:edit',
      {
        summary: 'Ends one of the customer’s sessions at once (another account’s: 404)',
        params: customerSessionParams,
        response: { 200: envelope(z.object({ sessionId: z.uuid() })) },
      },
      { log: { businessType: 'force' } },
    ),
    async (request) =>
      ok(await revokeCustomerSession(db, me(request), request.params.userId, request.params.sessionId)),
  );

  app.get(
    `${BASE}/:userId/notices`,
    route('business:customer:query', {
      summary: 'The notices sent to the customer, newest first',
      params: customerParams,
      querystring: userNoticeQuery,
      response: { 200: envelope(userNoticePageSchema) },
    }),
    async (request) =>
      ok(await customerNotices(db, me(request), request.params.userId, request.query, language(request))),
  );

  app.get(
    `${BASE}/:userId/notes`,
    route('business:customer:query', {
      summary: 'Operators’ notes on the customer, newest first',
      params: customerParams,
      querystring: pageQuery,
      response: { 200: envelope(pageOf(customerNoteSchema)) },
    }),
    async (request) => ok(await customerNotes(db, me(request), request.params.userId, request.query)),
  );

  app.post(
    `${BASE}/:userId/notes`,
    route('business:customer:edit', {
      summary: 'Adds a note on the customer (timestamped, the caller as author)',
      params: customerParams,
      body: customerNoteBody,
      response: { 200: envelope(customerNoteSchema) },
    }),
    async (request) => ok(await addCustomerNote(db, me(request), request.params.userId, request.body.body)),
  );

  app.put(
    `${BASE}/:userId/settings`,
    route('business:customer:edit', {
      summary: 'Cloud phones, sub-account limit, department and owner operator (fields left out stay)',
      params: customerParams,
      body: customerSettingsBody,
      response: detailAnswer,
    }),
    async (request) =>
      ok(await updateCustomerSettings(deps.database, me(request), request.params.userId, request.body)),
  );

  app.put(
    `${BASE}/:userId/status`,
    route('business:customer:edit', {
      summary: 'Enables or disables the customer; disabling ends every session at once',
      params: customerParams,
      body: customerStatusBody,
      response: detailAnswer,
    }),
    async (request) =>
      ok(await changeCustomerStatus(deps.database, me(request), request.params.userId, request.body.status)),
  );
};
