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
import { monitorRoute } from '../route-options';
import {
  cacheKeys,
  cacheNames,
  cacheOverview,
  cacheValue,
  clearAllCaches,
  clearCacheKey,
  clearCacheName,
} from './service';

/** RuoYi's cache monitor over the product's PostgreSQL-backed caches (see service.ts). */
export const monitorCacheRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/monitor/cache',
    monitorRoute('monitor:cache:list', {
      summary: 'The database and every cache with its size',
      response: { 200: envelope(cacheOverviewSchema) },
    }),
    async () => ok(await cacheOverview(deps)),
  );
  app.get(
    '/monitor/cache/getNames',
    monitorRoute('monitor:cache:list', {
      summary: 'The caches',
      response: { 200: envelope(z.array(cacheSummarySchema)) },
    }),
    async () => ok(await cacheNames(deps)),
  );
  app.get(
    '/monitor/cache/getKeys/:cacheName',
    monitorRoute('monitor:cache:list', {
      summary: 'Keys of one cache, newest first (at most 500)',
      params: cacheNameParams,
      response: { 200: envelope(cacheKeysSchema) },
    }),
    async (request) => ok(await cacheKeys(deps, request.params.cacheName)),
  );
  app.get(
    '/monitor/cache/getValue/:cacheName/:cacheKey',
    monitorRoute('monitor:cache:list', {
      summary: 'The record of one key, secrets masked',
      params: cacheValueParams,
      response: { 200: envelope(cacheValueSchema) },
    }),
    async (request) => ok(await cacheValue(deps, request.params.cacheName, request.params.cacheKey)),
  );
  app.delete(
    '/monitor/cache/clearCacheName/:cacheName',
    monitorRoute('monitor:cache:remove', {
      summary: 'Clears one cache (idempotency keys and e-mail codes: only records no longer in force)',
      params: cacheNameParams,
      response: { 200: envelope(cacheClearSchema) },
    }),
    async (request) => ok(await clearCacheName(deps, request.params.cacheName)),
  );
  app.delete(
    '/monitor/cache/clearCacheKey/:cacheKey',
    monitorRoute('monitor:cache:remove', {
      summary: 'Clears one key (409 when it is still in force)',
      params: cacheKeyParams,
      response: { 200: envelope(cacheClearSchema) },
    }),
    async (request) => ok(await clearCacheKey(deps, request.params.cacheKey)),
  );
  app.delete(
    '/monitor/cache/clearCacheAll',
    monitorRoute('monitor:cache:remove', {
      summary: 'Clears every cache (same limits)',
      response: { 200: envelope(cacheClearSchema) },
    }),
    async () => ok(await clearAllCaches(deps)),
  );
};
