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

const tags = ['system-dept'];
const security = [{ bearer: [] }];
const deptList = envelope(z.array(deptSchema));

/**
 * Departments (RuoYi `/system/dept`): the tree as flat rows (the page nests them), limited to the
 * caller's data scope; a department outside it answers 404 like a missing one.
 */
export const deptRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/system/dept/list',
    {
      config: { permission: 'system:dept:list' },
      schema: {
        tags,
        summary: 'Every department, filtered by name and status (flat rows, parent first)',
        security,
        querystring: deptListQuery,
        response: { 200: deptList },
      },
    },
    async (request) => ok(await listDepts(db, userIdOf(request), request.query)),
  );

  app.get(
    '/system/dept/list/exclude/:id',
    {
      config: { permission: 'system:dept:list' },
      schema: {
        tags,
        summary: 'The departments the given one may move under: all but itself and its subtree',
        security,
        params: numericIdParams,
        response: { 200: deptList },
      },
    },
    async (request) => ok(await listDeptsExcluding(db, userIdOf(request), request.params.id)),
  );

  app.get(
    '/system/dept/:id',
    {
      config: { permission: 'system:dept:query' },
      schema: {
        tags,
        summary: 'One department',
        security,
        params: numericIdParams,
        response: { 200: envelope(deptSchema) },
      },
    },
    async (request) => ok(await getDept(db, userIdOf(request), request.params.id)),
  );

  app.post(
    '/system/dept',
    {
      config: { permission: 'system:dept:add' },
      schema: {
        tags,
        summary: 'Adds a department (parentId 0 for the top); names are unique under one parent (409)',
        security,
        body: deptBody,
        response: { 200: envelope(deptSchema) },
      },
    },
    async (request) => ok(await createDept(db, userIdOf(request), request.body)),
  );

  app.put(
    '/system/dept',
    {
      config: { permission: 'system:dept:edit' },
      schema: {
        tags,
        summary: 'Edits or moves a department; never under itself or its subtree (422)',
        description: 'The moved subtree keeps its `ancestors` right (rewritten in the same transaction).',
        security,
        body: deptUpdateBody,
        response: { 200: envelope(deptSchema) },
      },
    },
    async (request) => {
      const { deptId, ...input } = request.body;
      return ok(await editDept(deps.database, userIdOf(request), deptId, input));
    },
  );

  app.delete(
    '/system/dept/:id',
    {
      config: { permission: 'system:dept:remove' },
      schema: {
        tags,
        summary: 'Deletes a department without sub-departments or users (409 otherwise)',
        security,
        params: numericIdParams,
        response: { 200: envelope(deletedAnswer) },
      },
    },
    async (request) => ok(await removeDept(db, userIdOf(request), request.params.id)),
  );

  app.get(
    '/system/user/deptTree',
    {
      config: { permission: 'system:user:list' },
      schema: {
        tags,
        summary: 'The enabled departments as a tree (the user page filters by it)',
        security,
        response: { 200: envelope(z.array(deptTreeNodeSchema)) },
      },
    },
    async (request) => ok(await deptTree(db, userIdOf(request))),
  );
};
