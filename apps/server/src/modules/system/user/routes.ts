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

const tags = ['system-user'];
const security = [{ bearer: [] }];
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
    {
      config: { permission: 'system:user:list' },
      schema: {
        tags,
        summary: 'Accounts in the caller’s data scope, paged and filtered (department: it and below)',
        security,
        querystring: sysUserListQuery,
        response: { 200: envelope(pageOf(sysUserSchema)) },
      },
    },
    async (request) => ok(await pageUsers(db, me(request), request.query)),
  );

  app.get(
    '/system/user/',
    {
      config: { permission: 'system:user:query' },
      schema: {
        tags,
        summary: 'The roles and posts the add form offers',
        security,
        response: { 200: envelope(userFormOptionsSchema) },
      },
    },
    async (request) => ok(await formOptions(db, me(request))),
  );

  app.get(
    '/system/user/:id',
    {
      config: { permission: 'system:user:query' },
      schema: {
        tags,
        summary: 'One account with its post and role ids, and the form’s options',
        security,
        params: numericIdParams,
        response: { 200: envelope(sysUserDetailSchema) },
      },
    },
    async (request) => ok(await getUserDetail(db, me(request), request.params.id)),
  );

  app.post(
    '/system/user',
    {
      config: { permission: 'system:user:add', idempotent: true },
      schema: {
        tags,
        summary: 'Creates an operator account (the sign-up password rule; e-mail unique, 409)',
        security,
        body: sysUserCreateBody,
        response: userAnswer,
      },
    },
    async (request) => ok(await createOperator(deps.database, me(request), request.body)),
  );

  app.put(
    '/system/user',
    {
      config: { permission: 'system:user:edit' },
      schema: {
        tags,
        summary: 'Edits an account; disabling it ends its sessions at once',
        security,
        body: sysUserUpdateBody,
        response: userAnswer,
      },
    },
    async (request) => ok(await editUser(deps.database, me(request), request.body)),
  );

  app.delete(
    '/system/user/:ids',
    {
      config: { permission: 'system:user:remove' },
      schema: {
        tags,
        summary: 'Deletes operator accounts; never oneself, the first operator or a customer',
        security,
        params: idListParams,
        response: { 200: envelope(deletedAnswer) },
      },
    },
    async (request) =>
      ok(await removeUsers(deps.database, me(request), request.params.ids.split(',').map(Number))),
  );

  app.put(
    '/system/user/resetPwd',
    {
      config: { permission: 'system:user:resetPwd' },
      schema: {
        tags,
        summary: 'Sets a new password (the sign-up rule) and ends the account’s sessions',
        security,
        body: resetPwdBody,
        response: { 200: envelope(z.object({ userId: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await resetUserPassword(deps.database, me(request), request.body.userId, request.body.password)),
  );

  app.put(
    '/system/user/changeStatus',
    {
      config: { permission: 'system:user:edit' },
      schema: {
        tags,
        summary: 'Enables or disables an account; disabling ends its sessions at once',
        security,
        body: changeStatusBody,
        response: userAnswer,
      },
    },
    async (request) =>
      ok(await changeUserStatus(deps.database, me(request), request.body.userId, request.body.status)),
  );

  app.get(
    '/system/user/authRole/:id',
    {
      config: { permission: 'system:user:query' },
      schema: {
        tags,
        summary: 'The account and every role the caller may grant, ticked where held',
        security,
        params: numericIdParams,
        response: { 200: envelope(authRoleSchema) },
      },
    },
    async (request) => ok(await getAuthRole(db, me(request), request.params.id)),
  );

  app.put(
    '/system/user/authRole',
    {
      config: { permission: 'system:user:edit' },
      schema: {
        tags,
        summary: 'Replaces the account’s roles (the admin role only by an admin)',
        security,
        body: authRoleBody,
        response: { 200: envelope(authRoleSchema) },
      },
    },
    async (request) =>
      ok(await setAuthRole(deps.database, me(request), request.body.userId, request.body.roleIds)),
  );

  app.post(
    '/system/user/export',
    {
      config: { permission: 'system:user:export' },
      schema: {
        tags,
        summary: 'The filtered accounts in the caller’s scope as XLSX (default) or CSV',
        description: 'Form-encoded body; titles follow Accept-Language, times `time_zone`.',
        security,
        consumes: [FORM_CONTENT_TYPE],
        body: sysUserExportBody,
      },
    },
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
    {
      config: { permission: 'system:user:import' },
      schema: { tags, summary: 'The import template (.xlsx, titles in the caller’s language)', security },
    },
    async (request, reply) => {
      const body = await importTemplate(clientOf(request).language);
      const filename = 'user-import-template.xlsx';
      return sendDownload(reply, { filename, body }, SHEET_CONTENT_TYPES.xlsx);
    },
  );

  app.post(
    '/system/user/importData',
    {
      config: { permission: 'system:user:import' },
      schema: {
        tags,
        summary: 'Imports operators from an uploaded .xlsx (the `fileName` POST /common/upload answered)',
        description:
          'Every row is checked first; with any bad row nothing is imported and `errors` lists each ' +
          '(row, field, message). updateSupport=true updates accounts whose e-mail exists.',
        security,
        querystring: userImportQuery,
        body: userImportBody,
        response: { 200: envelope(userImportAnswer) },
      },
    },
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
