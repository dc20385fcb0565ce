import {
  changedAnswer,
  checkedTreeSchema,
  deletedAnswer,
  envelope,
  exportOptions,
  idListParams,
  pageOf,
  roleBody,
  roleDataScopeBody,
  roleDetailSchema,
  roleIdParams,
  roleListQuery,
  roleSchema,
  roleStatusBody,
  roleUpdateBody,
  roleUserBody,
  roleUserCancelBody,
  roleUserListQuery,
  roleUserSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendCsv } from '../../../http/csv-reply';
import { ok } from '../../../lib/reply';
import { authOf, clientOf } from '../../identity/auth-hook';
import { exportRoles } from './roles-csv';
import {
  changeRoleStatus,
  createRole,
  editRole,
  getRole,
  grantRoleUsers,
  pageRoleUsers,
  pageRoles,
  removeRoles,
  revokeRoleUsers,
  roleDeptTree,
  saveDataScope,
} from './service';
import { systemRoute } from '../route-options';

const route = systemRoute('system: roles');

/** The operators' roles (RuoYi's /system/role): CRUD, status, data scope, and the role's accounts. */
export const roleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database } = deps;
  const { db } = database;
  acceptFormBodies(app);

  app.get(
    '/system/role/list',
    route('system:role:list', {
      summary: 'Roles, paged, filtered by name, key, status and creation time',
      querystring: roleListQuery,
      response: { 200: envelope(pageOf(roleSchema)) },
    }),
    async (request) => ok(await pageRoles(db, request.query)),
  );

  app.post(
    '/system/role/export',
    route('system:role:export', {
      summary: 'The roles matching the filters as CSV (UTF-8 with BOM)',
      consumes: [FORM_CONTENT_TYPE],
      body: roleListQuery.omit({ page: true, limit: true }).extend(exportOptions.shape),
    }),
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const exported = await exportRoles(db, filter, {
        language: clientOf(request).language,
        timeZone,
        now: deps.clock.now(),
      });
      return sendCsv(reply, exported);
    },
  );

  app.get(
    '/system/role/:roleId',
    route('system:role:query', {
      summary: 'One role with the ids of its menus',
      params: roleIdParams,
      response: { 200: envelope(roleDetailSchema) },
    }),
    async (request) => ok(await getRole(db, request.params.roleId)),
  );

  app.post(
    '/system/role',
    route('system:role:add', {
      summary: 'Creates a role with its menus (name and key unique: 409)',
      body: roleBody,
      response: { 200: envelope(roleDetailSchema) },
    }),
    async (request) => ok(await createRole(database, request.body)),
  );

  app.put(
    '/system/role',
    route('system:role:edit', {
      summary: 'Replaces a role and its menus (admin: 409; ROLE_DEFAULT keeps its key and status)',
      body: roleUpdateBody,
      response: { 200: envelope(roleDetailSchema) },
    }),
    async (request) => {
      const { roleId, ...input } = request.body;
      return ok(await editRole(database, roleId, input));
    },
  );

  app.put(
    '/system/role/changeStatus',
    route('system:role:edit', {
      summary: 'Enables or disables a role (admin and ROLE_DEFAULT: 409)',
      description: "A disabled role grants nothing from its holders' next request on.",
      body: roleStatusBody,
      response: { 200: envelope(roleSchema) },
    }),
    async (request) => ok(await changeRoleStatus(db, request.body.roleId, request.body.status)),
  );

  app.delete(
    '/system/role/:ids',
    route('system:role:remove', {
      summary: 'Deletes roles (ids separated by commas); built-in or held by accounts: 409',
      params: idListParams,
      response: { 200: envelope(deletedAnswer) },
    }),
    async (request) => ok(await removeRoles(database, request.params.ids.split(',').map(Number))),
  );

  app.get(
    '/system/role/deptTree/:roleId',
    route('system:role:query', {
      summary: "The department tree and the role's custom data-scope departments",
      params: roleIdParams,
      response: { 200: envelope(checkedTreeSchema) },
    }),
    async (request) => ok(await roleDeptTree(db, request.params.roleId)),
  );

  app.put(
    '/system/role/dataScope',
    route('system:role:edit', {
      summary: "Sets the role's data scope; the departments are kept with the custom scope ('2')",
      body: roleDataScopeBody,
      response: { 200: envelope(roleDetailSchema) },
    }),
    async (request) => ok(await saveDataScope(database, request.body)),
  );

  app.get(
    '/system/role/authUser/allocatedList',
    route('system:role:list', {
      summary: 'Accounts holding the role, paged, filtered by e-mail or nickname',
      querystring: roleUserListQuery,
      response: { 200: envelope(pageOf(roleUserSchema)) },
    }),
    async (request) => ok(await pageRoleUsers(db, authOf(request).userId, request.query, true)),
  );

  app.get(
    '/system/role/authUser/unallocatedList',
    route('system:role:list', {
      summary: 'Accounts not holding the role, paged, filtered by e-mail or nickname',
      querystring: roleUserListQuery,
      response: { 200: envelope(pageOf(roleUserSchema)) },
    }),
    async (request) => ok(await pageRoleUsers(db, authOf(request).userId, request.query, false)),
  );

  app.put(
    '/system/role/authUser/selectAll',
    route('system:role:edit', {
      summary: 'Gives the role to accounts (already holding it: unchanged)',
      body: roleUserBody,
      response: { 200: envelope(changedAnswer) },
    }),
    async (request) =>
      ok(await grantRoleUsers(db, authOf(request).userId, request.body.roleId, request.body.userIds)),
  );

  app.put(
    '/system/role/authUser/cancel',
    route('system:role:edit', {
      summary: 'Takes the role away from one account',
      body: roleUserCancelBody,
      response: { 200: envelope(changedAnswer) },
    }),
    async (request) =>
      ok(await revokeRoleUsers(db, request.body.roleId, [request.body.userId], authOf(request).userId)),
  );

  app.put(
    '/system/role/authUser/cancelAll',
    route('system:role:edit', {
      summary: 'Takes the role away from several accounts',
      body: roleUserBody,
      response: { 200: envelope(changedAnswer) },
    }),
    async (request) =>
      ok(await revokeRoleUsers(db, request.body.roleId, request.body.userIds, authOf(request).userId)),
  );
};
