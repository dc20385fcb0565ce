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
  exportLoginLogs,
  exportOperLogs,
  getOperLog,
  listLoginLogs,
  listOperLogs,
  removeLogs,
  unlockLogin,
} from './service';

const security = [{ bearer: [] }];
const operTags = ['operlog'];
const loginTags = ['logininfor'];
const exportDescription = 'Form-encoded body; the header row follows Accept-Language, times `time_zone`.';

/** RuoYi's monitor/operlog and monitor/logininfor, with its paths and permissions (operators). */
export const monitorLogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  acceptFormBodies(app);
  const exportOptions = (language: ReturnType<typeof clientOf>['language'], timeZone: string) => ({
    language,
    timeZone,
    now: deps.clock.now(),
  });

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

  app.delete(
    '/monitor/operlog/clean',
    {
      config: { permission: 'monitor:operlog:remove', log: { businessType: 'delete' } },
      schema: {
        tags: operTags,
        summary: 'Empties the operation log',
        security,
        response: { 200: envelope(logsDeletedAnswer) },
      },
    },
    async () => ok(await cleanLog(db, 'oper')),
  );

  app.delete(
    '/monitor/operlog/:ids',
    {
      config: { permission: 'monitor:operlog:remove' },
      schema: {
        tags: operTags,
        summary: 'Deletes operations by comma-separated ids',
        security,
        params: logIdsParams,
        response: { 200: envelope(logsDeletedAnswer) },
      },
    },
    async (request) => ok(await removeLogs(db, 'oper', request.params.ids)),
  );

  app.post(
    '/monitor/operlog/export',
    {
      config: { permission: 'monitor:operlog:export' },
      schema: {
        tags: operTags,
        summary: 'The operations matching the filters as CSV (at most 50 000 rows)',
        description: exportDescription,
        security,
        consumes: [FORM_CONTENT_TYPE],
        body: operLogExportBody,
      },
    },
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const options = exportOptions(clientOf(request).language, timeZone);
      return sendCsv(reply, await exportOperLogs(db, filter, options));
    },
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

  app.delete(
    '/monitor/logininfor/clean',
    {
      config: { permission: 'monitor:logininfor:remove' },
      schema: {
        tags: loginTags,
        summary: 'Empties the login log',
        security,
        response: { 200: envelope(logsDeletedAnswer) },
      },
    },
    async () => ok(await cleanLog(db, 'login')),
  );

  app.delete(
    '/monitor/logininfor/:ids',
    {
      config: { permission: 'monitor:logininfor:remove' },
      schema: {
        tags: loginTags,
        summary: 'Deletes login attempts by comma-separated ids',
        security,
        params: logIdsParams,
        response: { 200: envelope(logsDeletedAnswer) },
      },
    },
    async (request) => ok(await removeLogs(db, 'login', request.params.ids)),
  );

  app.get(
    '/monitor/logininfor/unlock/:email',
    {
      config: { permission: 'monitor:logininfor:unlock' },
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

  app.post(
    '/monitor/logininfor/export',
    {
      config: { permission: 'monitor:logininfor:export' },
      schema: {
        tags: loginTags,
        summary: 'The login attempts matching the filters as CSV (at most 50 000 rows)',
        description: exportDescription,
        security,
        consumes: [FORM_CONTENT_TYPE],
        body: loginLogExportBody,
      },
    },
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const options = exportOptions(clientOf(request).language, timeZone);
      return sendCsv(reply, await exportLoginLogs(db, filter, options));
    },
  );
};
