/**
 * The cache monitor (RuoYi's CacheController). This server keeps no in-memory caches: dictionaries
 * and settings are read from PostgreSQL on each request, so every process agrees without a
 * refresh. What it does keep are short-lived records in PostgreSQL, shared by every process; they
 * are listed here as caches, their keys prefixed with the cache's name as RuoYi's Redis keys are.
 *
 * Clearing is safe by construction: throttle windows and captchas may go at any time (a client only
 * meets a fresh window or asks for a new picture), but an idempotency key that is still in its 24 h
 * keeps a retried purchase from charging twice, and an e-mail code row is the exact one-code-per-
 * minute throttle. Those two caches therefore only lose records that no longer protect anything
 * (an idempotency key past 24 h or abandoned in flight; a code used or expired).
 */
import {
  CACHE_KEYS_LIMIT,
  ErrorCode,
  type CacheName,
  type CacheOverview,
  type CacheSummary,
} from '@cloudbay/contracts';
import type { Pool } from 'pg';
import type { AppDeps } from '../../../app-deps';
import { IDEMPOTENCY_RETENTION_HOURS, IN_FLIGHT_ABANDONED_SECONDS } from '../../../http/idempotency-store';
import { AppError } from '../../../lib/errors';

type Id = Record<string, string>;

interface CacheSource {
  table: string;
  clearScope: 'all' | 'expired';
  /** SQL expressions: the record's key (without the cache prefix) and its ordering time. */
  key: string;
  time: string;
  /** Turns a key back into the WHERE of its rows ($1, $2…) and their values. */
  match(key: string): { where: string; params: unknown[] } | undefined;
  /** What a clear may remove ("true" when everything). */
  removable: string;
  /** The record shown for one key; secrets are never selected, only named as masked. */
  value: string;
  masked: string[];
}

const IDEMPOTENCY_EXPIRED = `(created_at < now() - interval '${IDEMPOTENCY_RETENTION_HOURS} hours'
  OR (completed_at IS NULL AND started_at < now() - interval '${IN_FLIGHT_ABANDONED_SECONDS} seconds'))`;

const SOURCES: Record<CacheName, CacheSource> = {
  rate_limit: {
    table: 'rate_limit_buckets',
    clearScope: 'all',
    key: 'key',
    time: 'window_start',
    match: (key) => ({ where: 'key = $1', params: [key] }),
    removable: 'true',
    value: `json_build_object('windows', json_agg(json_build_object('window_start', window_start, 'hits', hits)
      ORDER BY window_start DESC))`,
    masked: [],
  },
  idempotency: {
    table: 'idempotency_keys',
    clearScope: 'expired',
    key: `user_id || ':' || key`,
    time: 'created_at',
    match(key) {
      const found = /^(\d+):(.+)$/.exec(key);
      return found ? { where: 'user_id = $1 AND key = $2', params: [found[1], found[2]] } : undefined;
    },
    removable: IDEMPOTENCY_EXPIRED,
    value: `json_agg(json_build_object('user_id', user_id, 'key', key, 'status_code', status_code,
      'content_type', content_type, 'started_at', started_at, 'completed_at', completed_at,
      'created_at', created_at, 'answer_bytes', octet_length(response_body)))`,
    masked: ['request_hash', 'response_body'],
  },
  captcha: {
    table: 'captchas',
    clearScope: 'all',
    key: 'id::text',
    time: 'expires_at',
    match: (key) => (/^[0-9a-f-]{36}$/i.test(key) ? { where: 'id = $1::uuid', params: [key] } : undefined),
    removable: 'true',
    value: `json_agg(json_build_object('id', id, 'expires_at', expires_at, 'used_at', used_at))`,
    masked: ['answer_hash'],
  },
  email_code: {
    table: 'email_codes',
    clearScope: 'expired',
    key: 'id::text',
    time: 'created_at',
    match: (key) => (/^\d{1,18}$/.test(key) ? { where: 'id = $1', params: [key] } : undefined),
    removable: '(used_at IS NOT NULL OR expires_at <= now())',
    value: `json_agg(json_build_object('id', id, 'email', email, 'purpose', purpose, 'ip', ip,
      'wrong_attempts', wrong_attempts, 'created_at', created_at, 'expires_at', expires_at, 'used_at', used_at))`,
    masked: ['code_hash'],
  },
};

const CACHE_NAMES = Object.keys(SOURCES) as CacheName[];

async function summarize(pool: Pool, name: CacheName): Promise<CacheSummary> {
  const source = SOURCES[name];
  const { rows } = await pool.query<{ keys: number; rows: number; size: string }>(
    `SELECT count(DISTINCT ${source.key})::int AS keys, count(*)::int AS rows,
            pg_total_relation_size('${source.table}')::text AS size FROM ${source.table}`,
  );
  return {
    cache_name: name,
    table: source.table,
    keys: rows[0]!.keys,
    rows: rows[0]!.rows,
    size_bytes: Number(rows[0]!.size),
    clear_scope: source.clearScope,
  };
}

export async function cacheNames(deps: Pick<AppDeps, 'database'>): Promise<CacheSummary[]> {
  return Promise.all(CACHE_NAMES.map((name) => summarize(deps.database.pool, name)));
}

export async function cacheOverview(deps: Pick<AppDeps, 'database'>): Promise<CacheOverview> {
  const [caches, db] = await Promise.all([
    cacheNames(deps),
    deps.database.pool.query<{ version: string; size: string }>(
      `SELECT current_setting('server_version') AS version, pg_database_size(current_database())::text AS size`,
    ),
  ]);
  return {
    database: {
      version: db.rows[0]!.version,
      size_bytes: Number(db.rows[0]!.size),
      total_keys: caches.reduce((sum, cache) => sum + cache.rows, 0),
    },
    caches,
  };
}

export async function cacheKeys(deps: Pick<AppDeps, 'database'>, name: CacheName) {
  const source = SOURCES[name];
  const { rows } = await deps.database.pool.query<{ k: string }>(
    `SELECT ${source.key} AS k FROM ${source.table} GROUP BY 1 ORDER BY max(${source.time}) DESC, 1
      LIMIT ${CACHE_KEYS_LIMIT + 1}`,
  );
  return {
    keys: rows.slice(0, CACHE_KEYS_LIMIT).map((row) => `${name}:${row.k}`),
    truncated: rows.length > CACHE_KEYS_LIMIT,
  };
}

/** `<cache>:<key>` → the cache and the rows of the key; 404 for anything else. */
function parseKey(cacheKey: string, expected?: CacheName) {
  const colon = cacheKey.indexOf(':');
  const name = cacheKey.slice(0, colon) as CacheName;
  const match =
    colon > 0 && CACHE_NAMES.includes(name) && (!expected || expected === name)
      ? SOURCES[name].match(cacheKey.slice(colon + 1))
      : undefined;
  if (!match) throw new AppError('not_found', ErrorCode.CACHE_KEY_NOT_FOUND);
  return { name, source: SOURCES[name], ...match };
}

export async function cacheValue(deps: Pick<AppDeps, 'database'>, name: CacheName, cacheKey: string) {
  const { source, where, params } = parseKey(cacheKey, name);
  const { rows } = await deps.database.pool.query<{ value: unknown; n: number }>(
    `SELECT ${source.value} AS value, count(*)::int AS n FROM ${source.table} WHERE ${where}`,
    params,
  );
  if (!rows[0] || rows[0].n === 0) throw new AppError('not_found', ErrorCode.CACHE_KEY_NOT_FOUND);
  const masked = Object.fromEntries(source.masked.map((field) => [field, '******']));
  const value = {
    ...(Array.isArray(rows[0].value) ? { records: rows[0].value } : (rows[0].value as Id)),
    ...masked,
  };
  return { cache_name: name, cache_key: cacheKey, cache_value: JSON.stringify(value, null, 2) };
}

async function clear(pool: Pool, source: CacheSource, where: string, params: unknown[]) {
  const { rowCount } = await pool.query(
    `DELETE FROM ${source.table} WHERE ${where} AND ${source.removable}`,
    params,
  );
  return rowCount ?? 0;
}

export async function clearCacheName(deps: Pick<AppDeps, 'database'>, name: CacheName) {
  return { deleted: await clear(deps.database.pool, SOURCES[name], 'true', []) };
}

/** One key; 404 when it is gone, 409 when it still protects something (see the file comment). */
export async function clearCacheKey(deps: Pick<AppDeps, 'database'>, cacheKey: string) {
  const { source, where, params } = parseKey(cacheKey);
  const pool = deps.database.pool;
  const deleted = await clear(pool, source, where, params);
  if (deleted > 0) return { deleted };
  const { rows } = await pool.query(`SELECT 1 FROM ${source.table} WHERE ${where} LIMIT 1`, params);
  throw rows.length > 0
    ? new AppError('conflict', ErrorCode.CACHE_KEY_IN_USE)
    : new AppError('not_found', ErrorCode.CACHE_KEY_NOT_FOUND);
}

export async function clearAllCaches(deps: Pick<AppDeps, 'database'>) {
  let deleted = 0;
  for (const name of CACHE_NAMES) deleted += (await clearCacheName(deps, name)).deleted;
  return { deleted };
}
