import {
  MULTI_VALUE_SEPARATOR,
  configKeyParams,
  deletedAnswer,
  envelope,
  pageOf,
  publicConfigSchema,
  sysConfigBody,
  sysConfigIdParams,
  sysConfigIdsParams,
  sysConfigListQuery,
  sysConfigSchema,
  sysConfigUpdateBody,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import {
  createSysConfig,
  editSysConfig,
  getSysConfig,
  getSysConfigByKey,
  pageSysConfigs,
  removeSysConfigs,
} from './service';
import { systemRoute } from '../route-options';

const route = systemRoute('system');

/**
 * Settings for operators, RuoYi's paths. No `refreshCache`: the server keeps no settings cache
 * (every use reads sys_configs), so an edit is live at once.
 */
export const sysConfigRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/system/config/list',
    route('system:config:list', {
      summary: 'Settings, paged, filtered by name, key, built-in flag and creation days',
      querystring: sysConfigListQuery,
      response: { 200: envelope(pageOf(sysConfigSchema)) },
    }),
    async (request) => ok(await pageSysConfigs(db, request.query)),
  );

  app.get(
    '/system/config/configKey/:key',
    route('system:config:query', {
      summary: 'Any setting by key, public or not',
      params: configKeyParams,
      response: { 200: envelope(publicConfigSchema) },
    }),
    async (request) => ok(await getSysConfigByKey(db, request.params.key)),
  );

  app.get(
    '/system/config/:configId',
    route('system:config:query', {
      summary: 'One setting',
      params: sysConfigIdParams,
      response: { 200: envelope(sysConfigSchema) },
    }),
    async (request) => ok(await getSysConfig(db, request.params.configId)),
  );

  app.post(
    '/system/config',
    // A retried creation answers the setting it made instead of 409 CONFIG_KEY_TAKEN.
    route(
      'system:config:add',
      {
        summary: 'Adds a setting (the key is unique, 409 when taken)',
        body: sysConfigBody,
        response: { 200: envelope(sysConfigSchema) },
      },
      { idempotent: true },
    ),
    async (request) => ok(await createSysConfig(db, request.body)),
  );

  app.put(
    '/system/config',
    route('system:config:edit', {
      summary: 'Edits a setting (id in configId); a built-in one keeps its key (409)',
      body: sysConfigUpdateBody,
      response: { 200: envelope(sysConfigSchema) },
    }),
    async (request) => {
      const { configId, ...input } = request.body;
      return ok(await editSysConfig(db, configId, input));
    },
  );

  app.delete(
    '/system/config/:ids',
    route('system:config:remove', {
      summary: 'Deletes settings by comma-separated ids; a built-in one answers 409 and nothing is deleted',
      params: sysConfigIdsParams,
      response: { 200: envelope(deletedAnswer) },
    }),
    async (request) => {
      const ids = request.params.ids.split(MULTI_VALUE_SEPARATOR).map(Number);
      return ok(await removeSysConfigs(db, ids));
    },
  );
};
