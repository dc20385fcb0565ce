import {
  cacheClearSchema,
  cacheKeyParams,
  cacheKeysSchema,
  cacheNameParams,
  cacheOverviewSchema,
  cacheSummarySchema,
  cacheValueParams,
  cacheValueSchema,
  envelope,
} from '@cloudbay/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import {
  cacheKeys,
  cacheNames,
  cacheOverview,
  cacheValue,
  clearAllCaches,
  clearCacheKey,
  clearCacheName,
} from './service';

const tags = ['monitor'];
const security = [{ bearer: [] }];
const list = { permission: 'monitor:cache:list' };
const remove = { permission: 'monitor:cache:remove' };

/** RuoYi's cache monitor over the product's PostgreSQL-backed caches (see service.ts). */
export const monitorCacheRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/monitor/cache',
    {
      config: list,
      schema: {
        tags,
        security,
        summary: 'The database and every cache with its size',
        response: { 200: envelope(cacheOverviewSchema) },
      },
    },
    async () => ok(await cacheOverview(deps)),
  );
  app.get(
    '/monitor/cache/getNames',
    {
      config: list,
      schema: {
        tags,
        security,
        summary: 'The caches',
        response: { 200: envelope(z.array(cacheSummarySchema)) },
      },
    },
    async () => ok(await cacheNames(deps)),
  );
  app.get(
    '/monitor/cache/getKeys/:cacheName',
    {
      config: list,
      schema: {
        tags,
        security,
        summary: 'Keys of one cache, newest first (at most 500)',
        params: cacheNameParams,
        response: { 200: envelope(cacheKeysSchema) },
      },
    },
    async (request) => ok(await cacheKeys(deps, request.params.cacheName)),
  );
  app.get(
    '/monitor/cache/getValue/:cacheName/:cacheKey',
    {
      config: list,
      schema: {
        tags,
        security,
        summary: 'The record of one key, secrets masked',
        params: cacheValueParams,
        response: { 200: envelope(cacheValueSchema) },
      },
    },
    async (request) => ok(await cacheValue(deps, request.params.cacheName, request.params.cacheKey)),
  );
  app.delete(
    '/monitor/cache/clearCacheName/:cacheName',
    {
      config: remove,
      schema: {
        tags,
        security,
        summary: 'Clears one cache (idempotency keys and e-mail codes: only records no longer in force)',
        params: cacheNameParams,
        response: { 200: envelope(cacheClearSchema) },
      },
    },
    async (request) => ok(await clearCacheName(deps, request.params.cacheName)),
  );
  app.delete(
    '/monitor/cache/clearCacheKey/:cacheKey',
    {
      config: remove,
      schema: {
        tags,
        security,
        summary: 'Clears one key (409 when it is still in force)',
        params: cacheKeyParams,
        response: { 200: envelope(cacheClearSchema) },
      },
    },
    async (request) => ok(await clearCacheKey(deps, request.params.cacheKey)),
  );
  app.delete(
    '/monitor/cache/clearCacheAll',
    {
      config: remove,
      schema: {
        tags,
        security,
        summary: 'Clears every cache (same limits)',
        response: { 200: envelope(cacheClearSchema) },
      },
    },
    async () => ok(await clearAllCaches(deps)),
  );
};
