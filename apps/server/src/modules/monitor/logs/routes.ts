import {
  envelope,
  logIdParams,
  logIdsParams,
  loginLogExportBody,
  loginLogListQuery,
  loginLogPageSchema,
  loginUnlockAnswer,
  loginUnlockParams,
  logsDeletedAnswer,
  operLogExportBody,
  operLogListQuery,
  operLogPageSchema,
  operLogSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendCsv } from '../../../http/csv-reply';
import { ok } from '../../../lib/reply';
import { clientOf } from '../../identity/auth-hook';
import {
  cleanLog,
  exportLogs,
  getOperLog,
  listLoginLogs,
  listOperLogs,
  removeLogs,
  unlockLogin,
} from './service';

const security = [{ bearer: [] }];
const operTags = ['operlog'];
const loginTags = ['logininfor'];

/** RuoYi's monitor/operlog and monitor/logininfor, with its paths and permissions (operators). */
export const monitorLogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  acceptFormBodies(app);

  app.get(
    '/monitor/operlog/list',
    {
      config: { permission: 'monitor:operlog:list' },
      schema: {
        tags: operTags,
        summary: 'Operations (writes through the API), newest first, filtered',
        security,
        querystring: operLogListQuery,
        response: { 200: envelope(operLogPageSchema) },
      },
    },
    async (request) => ok(await listOperLogs(db, request.query)),
  );

  app.get(
    '/monitor/operlog/:id',
    {
      config: { permission: 'monitor:operlog:query' },
      schema: {
        tags: operTags,
        summary: 'One operation with its masked params and result',
        security,
        params: logIdParams,
        response: { 200: envelope(operLogSchema) },
      },
    },
    async (request) => ok(await getOperLog(db, request.params.id)),
  );

  app.get(
    '/monitor/logininfor/list',
    {
      config: { permission: 'monitor:logininfor:list' },
      schema: {
        tags: loginTags,
        summary: 'Login attempts, newest first, filtered',
        security,
        querystring: loginLogListQuery,
        response: { 200: envelope(loginLogPageSchema) },
      },
    },
    async (request) => ok(await listLoginLogs(db, request.query)),
  );

  app.get(
    '/monitor/logininfor/unlock/:email',
    {
      // Lifts locks: a write (RuoYi's GET), like any non-GET.
      config: { permission: 'monitor:logininfor:unlock', writes: true },
      schema: {
        tags: loginTags,
        summary: "Lifts the e-mail's login locks and step-up sign-in (every address)",
        security,
        params: loginUnlockParams,
        response: { 200: envelope(loginUnlockAnswer) },
      },
    },
    async (request) => ok(await unlockLogin(db, request.params.email)),
  );

  // Delete, clean and export work alike on both logs (RuoYi's paths, each log its permissions).
  const logs = [
    { path: 'operlog', kind: 'oper', tags: operTags, exportBody: operLogExportBody, what: 'operations' },
    {
      path: 'logininfor',
      kind: 'login',
      tags: loginTags,
      exportBody: loginLogExportBody,
      what: 'login attempts',
    },
  ] as const;
  for (const log of logs) {
    app.delete(
      `/monitor/${log.path}/clean`,
      {
        config: { permission: `monitor:${log.path}:remove`, log: { businessType: 'clean' } },
        schema: {
          tags: [...log.tags],
          summary: `Deletes every entry (${log.what})`,
          security,
          response: { 200: envelope(logsDeletedAnswer) },
        },
      },
      async () => ok(await cleanLog(db, log.kind)),
    );

    app.delete(
      `/monitor/${log.path}/:ids`,
      {
        config: { permission: `monitor:${log.path}:remove` },
        schema: {
          tags: [...log.tags],
          summary: `Deletes ${log.what} by comma-separated ids`,
          security,
          params: logIdsParams,
          response: { 200: envelope(logsDeletedAnswer) },
        },
      },
      async (request) => ok(await removeLogs(db, log.kind, request.params.ids)),
    );

    app.post(
      `/monitor/${log.path}/export`,
      {
        config: { permission: `monitor:${log.path}:export` },
        schema: {
          tags: [...log.tags],
          summary: `The ${log.what} matching the filters as CSV (at most 50 000 rows)`,
          description: 'Form-encoded body; the header row follows Accept-Language, times `time_zone`.',
          security,
          consumes: [FORM_CONTENT_TYPE],
          body: log.exportBody,
        },
      },
      async (request, reply) => {
        const { filter, timeZone } = exportSettings(request.body);
        const options = { language: clientOf(request).language, timeZone, now: deps.clock.now() };
        return sendCsv(reply, await exportLogs(db, log.kind, filter, options));
      },
    );
  }
};
