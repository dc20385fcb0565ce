import {
  deletedAnswer,
  dictDataBody,
  dictDataIdParams,
  dictDataIdsParams,
  dictDataListQuery,
  dictDataAdminSchema,
  dictDataUpdateBody,
  dictEntrySchema,
  dictTypeAdminSchema,
  dictTypeBody,
  dictTypeFilterQuery,
  dictTypeIdParams,
  dictTypeOptionSchema,
  dictTypeParams,
  dictTypeUpdateBody,
  envelope,
  MULTI_VALUE_SEPARATOR,
  pageOf,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { pickLanguage } from '../../lib/i18n';
import { ok } from '../../lib/reply';
import {
  createDictData,
  createDictType,
  dictTypeOptions,
  editDictData,
  editDictType,
  getDictType,
  removeDictTypes,
  entriesOfType,
  getDictData,
  pageDictData,
  pageDictTypes,
  removeDictData,
} from './service';

const tags = ['dict'];
const security = [{ bearer: [] }];

/** Dictionaries (spec §7 Dictionary): entries by type for every user, maintenance for operators. */
export const dictRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  const byType = {
    config: { owner: true },
    schema: {
      tags,
      summary: "The enabled entries of a dictionary type, labels in the caller's language",
      description: 'An unknown or disabled type answers an empty list.',
      security,
      params: dictTypeParams,
      response: { 200: envelope(z.array(dictEntrySchema)) },
    },
  };
  const entriesHandler = async (request: {
    params: { type: string };
    headers: { 'accept-language'?: string };
  }) => ok(await entriesOfType(db, request.params.type, pickLanguage(request.headers['accept-language'])));
  app.get('/system/dict/data/type/:type', byType, entriesHandler);
  // The same call under the path the spec also names.
  app.get('/system/dict/type-data/:type', byType, entriesHandler);

  app.get(
    '/system/dict/data/list',
    {
      config: { permission: 'system:dict:list' },
      schema: {
        tags,
        summary: 'Dictionary entries, paged, filtered by type, label and status',
        security,
        querystring: dictDataListQuery,
        response: { 200: envelope(pageOf(dictDataAdminSchema)) },
      },
    },
    async (request) => ok(await pageDictData(db, request.query)),
  );

  app.get(
    '/system/dict/data/:id',
    {
      config: { permission: 'system:dict:query' },
      schema: {
        tags,
        summary: 'One dictionary entry',
        security,
        params: dictDataIdParams,
        response: { 200: envelope(dictDataAdminSchema) },
      },
    },
    async (request) => ok(await getDictData(db, request.params.id)),
  );

  app.post(
    '/system/dict/data',
    {
      // A retried creation answers the entry it made instead of 409 DICT_VALUE_TAKEN.
      config: { permission: 'system:dict:add', idempotent: true },
      schema: {
        tags,
        summary: 'Adds an entry to an existing type (values are unique per type)',
        security,
        body: dictDataBody,
        response: { 200: envelope(dictDataAdminSchema) },
      },
    },
    async (request) => ok(await createDictData(db, request.body)),
  );

  app.put(
    '/system/dict/data',
    {
      config: { permission: 'system:dict:edit' },
      schema: {
        tags,
        summary: 'Replaces an entry (its id is dictCode in the body)',
        security,
        body: dictDataUpdateBody,
        response: { 200: envelope(dictDataAdminSchema) },
      },
    },
    async (request) => {
      const { dictCode, ...input } = request.body;
      return ok(await editDictData(db, dictCode, input));
    },
  );

  app.delete(
    '/system/dict/data/:id',
    {
      config: { permission: 'system:dict:remove' },
      schema: {
        tags,
        summary: 'Deletes one entry or several (ids separated by commas)',
        security,
        params: dictDataIdsParams,
        response: { 200: envelope(deletedAnswer) },
      },
    },
    async (request) => {
      const ids = request.params.id.split(MULTI_VALUE_SEPARATOR).map(Number);
      return ok(await removeDictData(db, ids));
    },
  );

  app.get(
    '/system/dict/type/list',
    {
      config: { permission: 'system:dict:list' },
      schema: {
        tags,
        summary: 'Dictionary types, paged, filtered by key or name and status',
        security,
        querystring: dictTypeFilterQuery,
        response: { 200: envelope(pageOf(dictTypeAdminSchema)) },
      },
    },
    async (request) => ok(await pageDictTypes(db, request.query)),
  );

  app.get(
    '/system/dict/type/optionselect',
    {
      config: { permission: 'system:dict:list' },
      schema: {
        tags,
        summary: 'Every dictionary type (key and names), for pickers',
        security,
        response: { 200: envelope(z.array(dictTypeOptionSchema)) },
      },
    },
    async () => ok(await dictTypeOptions(db)),
  );

  app.get(
    '/system/dict/type/:dictId',
    {
      config: { permission: 'system:dict:query' },
      schema: {
        tags,
        summary: 'One dictionary type',
        security,
        params: dictTypeIdParams,
        response: { 200: envelope(dictTypeAdminSchema) },
      },
    },
    async (request) => ok(await getDictType(db, request.params.dictId)),
  );

  app.post(
    '/system/dict/type',
    {
      // As for entries: a retried creation answers the type it made instead of 409 DICT_TYPE_TAKEN.
      config: { permission: 'system:dict:add', idempotent: true },
      schema: {
        tags,
        summary: 'Creates a dictionary type (the key is unique)',
        security,
        body: dictTypeBody,
        response: { 200: envelope(dictTypeAdminSchema) },
      },
    },
    async (request) => ok(await createDictType(db, request.body)),
  );

  app.put(
    '/system/dict/type',
    {
      config: { permission: 'system:dict:edit' },
      schema: {
        tags,
        summary: 'Edits a type (id in dictId); a built-in type keeps its key (409)',
        security,
        body: dictTypeUpdateBody,
        response: { 200: envelope(dictTypeAdminSchema) },
      },
    },
    async (request) => {
      const { dictId, ...input } = request.body;
      return ok(await editDictType(db, dictId, input));
    },
  );

  app.delete(
    '/system/dict/type/:id',
    {
      config: { permission: 'system:dict:remove' },
      schema: {
        tags,
        summary: 'Deletes types and their entries (comma-separated ids); built-in types answer 409',
        security,
        params: dictDataIdsParams,
        response: { 200: envelope(deletedAnswer) },
      },
    },
    async (request) => {
      const ids = request.params.id.split(MULTI_VALUE_SEPARATOR).map(Number);
      return ok(await removeDictTypes(db, ids));
    },
  );
};
