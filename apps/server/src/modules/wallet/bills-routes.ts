import {
  billExportBody,
  billIdParams,
  billListQuery,
  billPageSchema,
  billSchema,
  envelope,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendCsv } from '../../http/csv-reply';
import { ok } from '../../lib/reply';
import { authOf, clientOf } from '../identity/auth-hook';
import { exportBills, getBill, listBills } from './bills';

const tags = ['bills'];
const security = [{ bearer: [] }];

/** Spec §7: the customer's bills (wallet history), one bill, and the CSV export (a form POST). */
export const billRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  // The export is a classic form POST (spec §7 Files).
  acceptFormBodies(app);

  app.get(
    '/user/user_transactions',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's bills (wallet movements), newest first",
        security,
        querystring: billListQuery,
        response: { 200: envelope(billPageSchema) },
      },
    },
    async (request) =>
      ok(await listBills(db, authOf(request).userId, request.query, clientOf(request).language)),
  );

  app.get(
    '/user/user_transactions/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "One of the customer's bills; another customer's answers 404",
        security,
        params: billIdParams,
        response: { 200: envelope(billSchema) },
      },
    },
    async (request) =>
      ok(await getBill(db, authOf(request).userId, request.params.id, clientOf(request).language)),
  );

  app.post(
    '/user/user_transactions/export',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The bills matching the filters as CSV (UTF-8 with BOM, at most 50 000 rows)',
        description: 'Form-encoded body; the header row follows Accept-Language, times `time_zone`.',
        security,
        consumes: [FORM_CONTENT_TYPE],
        body: billExportBody,
      },
    },
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const exported = await exportBills(db, authOf(request).userId, filter, {
        language: clientOf(request).language,
        timeZone,
        now: deps.clock.now(),
      });
      return sendCsv(reply, exported);
    },
  );
};
