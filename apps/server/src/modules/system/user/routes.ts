import {
  authRoleBody,
  authRoleSchema,
  changeStatusBody,
  deletedAnswer,
  envelope,
  idListParams,
  numericIdParams,
  pageOf,
  resetPwdBody,
  sysUserCreateBody,
  sysUserDetailSchema,
  sysUserExportBody,
  sysUserListQuery,
  sysUserSchema,
  sysUserUpdateBody,
  userFormOptionsSchema,
  userImportAnswer,
  userImportBody,
  userImportQuery,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendDownload } from '../../../http/csv-reply';
import { ok } from '../../../lib/reply';
import { SHEET_CONTENT_TYPES } from '../../../lib/sheet-export';
import { authOf, clientOf } from '../../identity/auth-hook';
import { importTemplate, importUsers } from './import';
import {
  changeUserStatus,
  createOperator,
  editUser,
  exportUsers,
  formOptions,
  getAuthRole,
  getUserDetail,
  pageUsers,
  removeUsers,
  resetUserPassword,
  setAuthRole,
} from './service';
import { systemRoute } from '../route-options';

const route = systemRoute('system-user');
const userAnswer = { 200: envelope(sysUserSchema) };

/**
 * Accounts (RuoYi `/system/user`): every account inside the caller's data scope; an account
 * outside it answers 404 like a missing one.
 */
export const userRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
  acceptFormBodies(app);

  app.get(
    '/system/user/list',
    route('system:user:list', {
      summary: 'Accounts in the caller’s data scope, paged and filtered (department: it and below)',
      querystring: sysUserListQuery,
      response: { 200: envelope(pageOf(sysUserSchema)) },
    }),
    async (request) => ok(await pageUsers(db, me(request), request.query)),
  );

  app.get(
    '/system/user/',
    route('system:user:query', {
      summary: 'The roles and posts the add form offers',
      response: { 200: envelope(userFormOptionsSchema) },
    }),
    async (request) => ok(await formOptions(db, me(request))),
  );

  app.get(
    '/system/user/:id',
    route('system:user:query', {
      summary: 'One account with its post and role ids, and the form’s options',
      params: numericIdParams,
      response: { 200: envelope(sysUserDetailSchema) },
    }),
    async (request) => ok(await getUserDetail(db, me(request), request.params.id)),
  );

  app.post(
    '/system/user',
    route(
      'system:user:add',
      {
        summary: 'Creates an operator account (the sign-up password rule; e-mail unique, 409)',
        body: sysUserCreateBody,
        response: userAnswer,
      },
      { idempotent: true },
    ),
    async (request) => ok(await createOperator(deps.database, me(request), request.body)),
  );

  app.put(
    '/system/user',
    route('system:user:edit', {
      summary: 'Edits an account; disabling it ends its sessions at once',
      body: sysUserUpdateBody,
      response: userAnswer,
    }),
    async (request) => ok(await editUser(deps.database, me(request), request.body)),
  );

  app.delete(
    '/system/user/:ids',
    route('system:user:remove', {
      summary: 'Deletes operator accounts; never oneself, the first operator or a customer',
      params: idListParams,
      response: { 200: envelope(deletedAnswer) },
    }),
    async (request) =>
      ok(await removeUsers(deps.database, me(request), request.params.ids.split(',').map(Number))),
  );

  app.put(
    '/system/user/resetPwd',
    route('system:user:resetPwd', {
      summary: 'Sets a new password (the sign-up rule) and ends the account’s sessions',
      body: resetPwdBody,
      response: { 200: envelope(z.object({ userId: z.number().int() })) },
    }),
    async (request) =>
      ok(await resetUserPassword(deps.database, me(request), request.body.userId, request.body.password)),
  );

  app.put(
    '/system/user/changeStatus',
    route('system:user:edit', {
      summary: 'Enables or disables an account; disabling ends its sessions at once',
      body: changeStatusBody,
      response: userAnswer,
    }),
    async (request) =>
      ok(await changeUserStatus(deps.database, me(request), request.body.userId, request.body.status)),
  );

  app.get(
    '/system/user/authRole/:id',
    route('system:user:query', {
      summary: 'The account and every role the caller may grant, ticked where held',
      params: numericIdParams,
      response: { 200: envelope(authRoleSchema) },
    }),
    async (request) => ok(await getAuthRole(db, me(request), request.params.id)),
  );

  app.put(
    '/system/user/authRole',
    route('system:user:edit', {
      summary: 'Replaces the account’s roles (the admin role only by an admin)',
      body: authRoleBody,
      response: { 200: envelope(authRoleSchema) },
    }),
    async (request) =>
      ok(await setAuthRole(deps.database, me(request), request.body.userId, request.body.roleIds)),
  );

  app.post(
    '/system/user/export',
    route('system:user:export', {
      summary: 'The filtered accounts in the caller’s scope as XLSX (default) or CSV',
      description: 'Form-encoded body; titles follow Accept-Language, times `time_zone`.',
      consumes: [FORM_CONTENT_TYPE],
      body: sysUserExportBody,
    }),
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const { format, ...filters } = filter;
      const exported = await exportUsers(db, me(request), filters, {
        format,
        language: clientOf(request).language,
        timeZone,
        now: deps.clock.now(),
      });
      return sendDownload(reply, exported, SHEET_CONTENT_TYPES[format]);
    },
  );

  app.post(
    '/system/user/importTemplate',
    route('system:user:import', { summary: 'The import template (.xlsx, titles in the caller’s language)' }),
    async (request, reply) => {
      const body = await importTemplate(clientOf(request).language);
      const filename = 'user-import-template.xlsx';
      return sendDownload(reply, { filename, body }, SHEET_CONTENT_TYPES.xlsx);
    },
  );

  app.post(
    '/system/user/importData',
    route('system:user:import', {
      summary: 'Imports operators from an uploaded .xlsx (the `fileName` POST /common/upload answered)',
      description:
        'Every row is checked first; with any bad row nothing is imported and `errors` lists each ' +
        '(row, field, message). updateSupport=true updates accounts whose e-mail exists.',
      querystring: userImportQuery,
      body: userImportBody,
      response: { 200: envelope(userImportAnswer) },
    }),
    async (request) =>
      ok(
        await importUsers(deps, me(request), {
          file: request.body.file,
          updateSupport: request.query.updateSupport === 'true',
          language: clientOf(request).language,
        }),
      ),
  );
};
