import {
  checkedTreeSchema,
  deletedAnswer,
  envelope,
  menuBody,
  menuIdParams,
  menuListQuery,
  menuSchema,
  menuUpdateBody,
  roleIdParams,
  treeOptionSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import {
  createMenu,
  editMenu,
  getMenu,
  listMenus,
  menuTreeselect,
  removeMenu,
  roleMenuTree,
} from './service';
import { systemRoute } from '../route-options';

const route = systemRoute('system: menus');

/** The operators' menus (RuoYi's /system/menu): the tree getRouters and permissions come from. */
export const menuRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/system/menu/list',
    route('system:menu:list', {
      summary: 'Every menu, flat in display order (the page nests them by parentId)',
      querystring: menuListQuery,
      response: { 200: envelope(z.array(menuSchema)) },
    }),
    async (request) => ok(await listMenus(db, request.query)),
  );

  app.get(
    '/system/menu/treeselect',
    route('system:menu:list', {
      summary: 'Every menu as a tree of options (parent pickers, role menu trees)',
      response: { 200: envelope(z.array(treeOptionSchema)) },
    }),
    async () => ok(await menuTreeselect(db)),
  );

  app.get(
    '/system/menu/roleMenuTreeselect/:roleId',
    route('system:role:query', {
      summary: 'The menu tree and the ids of the menus the role holds',
      params: roleIdParams,
      response: { 200: envelope(checkedTreeSchema) },
    }),
    async (request) => ok(await roleMenuTree(db, request.params.roleId)),
  );

  app.get(
    '/system/menu/:menuId',
    route('system:menu:query', {
      summary: 'One menu',
      params: menuIdParams,
      response: { 200: envelope(menuSchema) },
    }),
    async (request) => ok(await getMenu(db, request.params.menuId)),
  );

  app.post(
    '/system/menu',
    route('system:menu:add', {
      summary: 'Creates a directory, page or button (its name is shown as typed)',
      body: menuBody,
      response: { 200: envelope(menuSchema) },
    }),
    async (request) => ok(await createMenu(db, request.body)),
  );

  app.put(
    '/system/menu',
    route('system:menu:edit', {
      summary: 'Replaces a menu; getRouters and permissions follow on the next request',
      body: menuUpdateBody,
      response: { 200: envelope(menuSchema) },
    }),
    async (request) => {
      const { menuId, ...input } = request.body;
      return ok(await editMenu(db, menuId, input));
    },
  );

  app.delete(
    '/system/menu/:menuId',
    route('system:menu:remove', {
      summary: 'Deletes a menu (with sub-menus, or built in: 409)',
      params: menuIdParams,
      response: { 200: envelope(deletedAnswer) },
    }),
    async (request) => ok(await removeMenu(db, request.params.menuId)),
  );
};
