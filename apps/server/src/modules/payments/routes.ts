import {
  PAY_TYPE_FIAT,
  PAY_TYPE_STABLECOIN,
  createTopupBody,
  envelope,
  orderIdParams,
  SANDBOX_PAYER_SIGNATURE_PARAM,
  sandboxOrderParams,
  sandboxOrderSchema,
  sandboxPayerQuery,
  topupExportBody,
  topupListQuery,
  topupOrderCreatedSchema,
  topupPageSchema,
  topupStatusSchema,
} from '@cloudbay/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendCsv } from '../../http/csv-reply';
import { ok } from '../../lib/reply';
import { paymentGatewaysOf, type GatewayName } from '../../providers/payments';
import { authOf, clientOf } from '../identity/auth-hook';
import {
  createTopupOrder,
  exportTopups,
  handleCallback,
  listTopups,
  paySandboxOrder,
  sandboxOrder,
  topupStatus,
  type PayerAccess,
  type PaymentDeps,
} from './service';

const tags = ['payments'];
const security = [{ bearer: [] }];

/** Spec §5 Top-up and §7: top-up orders, their records, the gateways' callbacks and the sandbox payer page. */
export const paymentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const payments: PaymentDeps = {
    ...deps,
    gateways: paymentGatewaysOf(deps.config, deps.clock, deps.database),
  };

  // The records export is a classic form POST (spec §7 Files).
  acceptFormBodies(app);

  app.post(
    '/orders',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Creates a top-up order and its payment; pay_info.code -1 when the gateway refused',
        security,
        body: createTopupBody,
        response: { 200: envelope(topupOrderCreatedSchema) },
      },
    },
    async (request) =>
      ok(await createTopupOrder(payments, authOf(request).userId, request.body, clientOf(request).ip)),
  );

  app.get(
    '/orders/:order_id/status',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "A top-up order's status (2 = paid), polled by the payment dialog",
        security,
        params: orderIdParams,
        response: { 200: envelope(topupStatusSchema) },
      },
    },
    async (request) => ok(await topupStatus(db, authOf(request).userId, request.params.order_id)),
  );

  app.get(
    '/orders',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's top-up records, newest first",
        security,
        querystring: topupListQuery,
        response: { 200: envelope(topupPageSchema) },
      },
    },
    async (request) => ok(await listTopups(db, authOf(request).userId, request.query)),
  );

  app.post(
    '/orders/export',
    {
      config: { owner: true },
      schema: {
        tags,
        summary:
          "The customer's top-up records matching the filters as CSV (UTF-8 with BOM, at most 50 000 rows)",
        description: 'Form-encoded body; the header row follows Accept-Language, times `time_zone`.',
        security,
        consumes: [FORM_CONTENT_TYPE],
        body: topupExportBody,
      },
    },
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const exported = await exportTopups(db, authOf(request).userId, filter, {
        language: clientOf(request).language,
        timeZone,
        now: deps.clock.now(),
      });
      return sendCsv(reply, exported);
    },
  );

  /** Hands a gateway's callback to the order flow and answers in the gateway's own words. */
  const notify = (gateway: GatewayName) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { method, query, body, headers } = request;
    const result = await handleCallback(payments, gateway, { method, query, body, headers });
    return reply.code(result.status).type('text/plain; charset=utf-8').send(result.body);
  };

  app.post(
    '/pay/epusdt/notify',
    {
      config: { public: true },
      schema: { tags, summary: 'epusdt payment callback (signed JSON); answers `ok` once handled' },
    },
    notify('epusdt'),
  );

  app.get(
    '/pay/epay/notify',
    {
      // Completes a payment: a write, whatever its method.
      config: { public: true, writes: true },
      schema: { tags, summary: 'epay payment callback (signed query); answers `success` once handled' },
    },
    notify('epay'),
  );

  // Some epay builds POST the same signed fields as a form instead of a GET.
  app.post(
    '/pay/epay/notify',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'epay payment callback as a form POST; answers `success` once handled',
        consumes: [FORM_CONTENT_TYPE],
      },
    },
    notify('epay'),
  );

  // The sandbox stands in for a gateway outside production; without it these routes do not exist.
  const gateways = payments.gateways;
  if (!gateways.sandboxFor(PAY_TYPE_STABLECOIN) && !gateways.sandboxFor(PAY_TYPE_FIAT)) return;

  /**
   * The payer page opens without a session (the phone scanning the QR is rarely signed in): these
   * routes are public but read the owner's session when one is sent (`readsSession`), and the
   * link's signature; without either the answer is the same 404 as for an unknown order.
   */
  const payerAccess = (request: FastifyRequest, signature: string | undefined): PayerAccess => ({
    userId: request.auth?.userId,
    signature,
  });
  const payerDescription = `For the order's owner (signed in) or with its signed link (\`${SANDBOX_PAYER_SIGNATURE_PARAM}\` from \`pay_info.qrcode\`); anything else answers 404, as an unknown order does.`;

  app.get(
    '/pay/sandbox/:no',
    {
      config: { public: true, readsSession: true },
      schema: {
        tags,
        summary: 'What the sandbox payer page shows for an order',
        description: payerDescription,
        params: sandboxOrderParams,
        querystring: sandboxPayerQuery,
        response: { 200: envelope(sandboxOrderSchema) },
      },
    },
    async (request) =>
      ok(await sandboxOrder(payments, request.params.no, payerAccess(request, request.query.sig))),
  );

  app.post(
    '/pay/sandbox/:no/pay',
    {
      config: { public: true, readsSession: true },
      schema: {
        tags,
        summary: "Pays a sandbox order through the same signed callback path as a real gateway's",
        description: payerDescription,
        params: sandboxOrderParams,
        querystring: sandboxPayerQuery,
        response: { 200: envelope(topupStatusSchema) },
      },
    },
    async (request) =>
      ok(await paySandboxOrder(payments, request.params.no, payerAccess(request, request.query.sig))),
  );
};
