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

const tags = ['system'];
const security = [{ bearer: [] }];

/**
 * Settings for operators, RuoYi's paths. No `refreshCache`: the server keeps no settings cache
 * (every use reads sys_configs), so an edit is live at once.
 */
export const sysConfigRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/system/config/list',
    {
      config: { permission: 'system:config:list' },
      schema: {
        tags,
        summary: 'Settings, paged, filtered by name, key, built-in flag and creation days',
        security,
        querystring: sysConfigListQuery,
        response: { 200: envelope(pageOf(sysConfigSchema)) },
      },
    },
    async (request) => ok(await pageSysConfigs(db, request.query)),
  );

  app.get(
    '/system/config/configKey/:key',
    {
      config: { permission: 'system:config:query' },
      schema: {
        tags,
        summary: 'Any setting by key, public or not',
        security,
        params: configKeyParams,
        response: { 200: envelope(publicConfigSchema) },
      },
    },
    async (request) => ok(await getSysConfigByKey(db, request.params.key)),
  );

  app.get(
    '/system/config/:configId',
    {
      config: { permission: 'system:config:query' },
      schema: {
        tags,
        summary: 'One setting',
        security,
        params: sysConfigIdParams,
        response: { 200: envelope(sysConfigSchema) },
      },
    },
    async (request) => ok(await getSysConfig(db, request.params.configId)),
  );

  app.post(
    '/system/config',
    {
      // A retried creation answers the setting it made instead of 409 CONFIG_KEY_TAKEN.
      config: { permission: 'system:config:add', idempotent: true },
      schema: {
        tags,
        summary: 'Adds a setting (the key is unique, 409 when taken)',
        security,
        body: sysConfigBody,
        response: { 200: envelope(sysConfigSchema) },
      },
    },
    async (request) => ok(await createSysConfig(db, request.body)),
  );

  app.put(
    '/system/config',
    {
      config: { permission: 'system:config:edit' },
      schema: {
        tags,
        summary: 'Edits a setting (id in configId); a built-in one keeps its key (409)',
        security,
        body: sysConfigUpdateBody,
        response: { 200: envelope(sysConfigSchema) },
      },
    },
    async (request) => {
      const { configId, ...input } = request.body;
      return ok(await editSysConfig(db, configId, input));
    },
  );

  app.delete(
    '/system/config/:ids',
    {
      config: { permission: 'system:config:remove' },
      schema: {
        tags,
        summary: 'Deletes settings by comma-separated ids; a built-in one answers 409 and nothing is deleted',
        security,
        params: sysConfigIdsParams,
        response: { 200: envelope(deletedAnswer) },
      },
    },
    async (request) => {
      const ids = request.params.ids.split(MULTI_VALUE_SEPARATOR).map(Number);
      return ok(await removeSysConfigs(db, ids));
    },
  );
};
