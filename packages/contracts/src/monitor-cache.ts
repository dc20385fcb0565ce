import { z } from 'zod';

/**
 * The caches the product keeps. The server holds no in-memory caches (dictionaries and settings
 * are read from PostgreSQL on each request, so every process agrees); these are its short-lived
 * records in PostgreSQL, shared by every process.
 */
export const CACHE_NAMES = ['rate_limit', 'idempotency', 'captcha', 'email_code'] as const;
export const cacheName = z.enum(CACHE_NAMES);
export type CacheName = z.infer<typeof cacheName>;

export const cacheSummarySchema = z.object({
  cache_name: cacheName,
  /** The table behind it. */
  table: z.string(),
  /** Live keys / rows and the table's size on disk. */
  keys: z.number().int(),
  rows: z.number().int(),
  size_bytes: z.number(),
  /** What "clear" removes: everything, or only the records that no longer protect anything. */
  clear_scope: z.enum(['all', 'expired']),
});
export type CacheSummary = z.infer<typeof cacheSummarySchema>;

/** GET /api/monitor/cache: the database's own figures and every cache. */
export const cacheOverviewSchema = z.object({
  database: z.object({
    version: z.string(),
    size_bytes: z.number(),
    /** Rows in the caches' tables. */
    total_keys: z.number().int(),
  }),
  caches: z.array(cacheSummarySchema),
});
export type CacheOverview = z.infer<typeof cacheOverviewSchema>;

export const cacheNameParams = z.object({ cacheName });
/** A cache key is `<cacheName>:<key>`, as RuoYi's Redis keys carry their cache's prefix. */
export const cacheKeyParams = z.object({ cacheKey: z.string().min(3).max(400) });
export const cacheValueParams = z.object({ cacheName, cacheKey: z.string().min(3).max(400) });

/** GET /api/monitor/cache/getKeys/{cacheName}: at most this many keys, newest first. */
export const CACHE_KEYS_LIMIT = 500;
export const cacheKeysSchema = z.object({ keys: z.array(z.string()), truncated: z.boolean() });

/** GET /api/monitor/cache/getValue/…: the record with its secrets masked, as JSON text. */
export const cacheValueSchema = z.object({
  cache_name: cacheName,
  cache_key: z.string(),
  cache_value: z.string(),
});
export type CacheValue = z.infer<typeof cacheValueSchema>;

export const cacheClearSchema = z.object({ deleted: z.number().int() });
