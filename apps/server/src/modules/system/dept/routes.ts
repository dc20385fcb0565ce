import {
  deletedAnswer,
  deptBody,
  deptListQuery,
  deptSchema,
  deptTreeNodeSchema,
  deptUpdateBody,
  envelope,
  numericIdParams,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import { userIdOf } from '../../identity/auth-hook';
import {
  createDept,
  deptTree,
  editDept,
  getDept,
  listDeptsExcluding,
  listDepts,
  removeDept,
} from './service';
import { systemRoute } from '../route-options';

const route = systemRoute('system-dept');
const deptList = envelope(z.array(deptSchema));

/**
 * Departments (RuoYi `/system/dept`): the tree as flat rows (the page nests them), limited to the
 * caller's data scope; a department outside it answers 404 like a missing one.
 */
export const deptRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/system/dept/list',
    route('system:dept:list', {
      summary: 'Every department, filtered by name and status (flat rows, parent first)',
      querystring: deptListQuery,
      response: { 200: deptList },
    }),
    async (request) => ok(await listDepts(db, userIdOf(request), request.query)),
  );

  app.get(
    '/system/dept/list/exclude/:id',
    route('system:dept:list', {
      summary: 'The departments the given one may move under: all but itself and its subtree',
      params: numericIdParams,
      response: { 200: deptList },
    }),
    async (request) => ok(await listDeptsExcluding(db, userIdOf(request), request.params.id)),
  );

  app.get(
    '/system/dept/:id',
    route('system:dept:query', {
      summary: 'One department',
      params: numericIdParams,
      response: { 200: envelope(deptSchema) },
    }),
    async (request) => ok(await getDept(db, userIdOf(request), request.params.id)),
  );

  app.post(
    '/system/dept',
    route('system:dept:add', {
      summary: 'Adds a department (parentId 0 for the top); names are unique under one parent (409)',
      body: deptBody,
      response: { 200: envelope(deptSchema) },
    }),
    async (request) => ok(await createDept(db, userIdOf(request), request.body)),
  );

  app.put(
    '/system/dept',
    route('system:dept:edit', {
      summary: 'Edits or moves a department; never under itself or its subtree (422)',
      description: 'The moved subtree keeps its `ancestors` right (rewritten in the same transaction).',
      body: deptUpdateBody,
      response: { 200: envelope(deptSchema) },
    }),
    async (request) => {
      const { deptId, ...input } = request.body;
      return ok(await editDept(deps.database, userIdOf(request), deptId, input));
    },
  );

  app.delete(
    '/system/dept/:id',
    route('system:dept:remove', {
      summary: 'Deletes a department without sub-departments or users (409 otherwise)',
      params: numericIdParams,
      response: { 200: envelope(deletedAnswer) },
    }),
    async (request) => ok(await removeDept(db, userIdOf(request), request.params.id)),
  );

  app.get(
    '/system/user/deptTree',
    route('system:user:list', {
      summary: 'The enabled departments as a tree (the user page filters by it)',
      response: { 200: envelope(z.array(deptTreeNodeSchema)) },
    }),
    async (request) => ok(await deptTree(db, userIdOf(request))),
  );
};
