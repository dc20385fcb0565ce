/**
 * `Idempotency-Key` for requests that move money or create resources (ARCHITECTURE.md, "The API
 * contract"). A route declares it with `config: { idempotent: true }`, and then the header is
 * required: without it the answer is 400 IDEMPOTENCY_KEY_REQUIRED and nothing runs, so a client
 * that retries blindly can never charge twice. Same user + key + same request → the first answer
 * replayed (status and body); a different request → 422; the first still running → 409. Server
 * errors (5xx) are not stored, so a retry runs again; client errors (4xx) are answers like any
 * other and are replayed.
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '@cloudbay/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { IdempotencyStore } from './idempotency-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requires `Idempotency-Key` (routes that move money or create resources; never public ones). */
    idempotent?: boolean;
    /**
     * What of an idempotent route's answer is kept for replays, when the first answer holds a secret
     * that must not be stored (a generated private key): the JSON body in, the body to keep out.
     */
    idempotentKeep?: (body: string) => string;
  }
  interface FastifyRequest {
    /** The `Idempotency-Key` of a flagged route's request (null elsewhere); read it with `idempotencyKeyOf`. */
    idempotencyKey: string | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** Set on a replayed answer, so a client (and a test) can tell it from a fresh one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
const IDEMPOTENCY_KEY_REQUIRED_NOTE =
  'Requires the `Idempotency-Key` header (a new random value per operation, the same one for its ' +
  'retries): 400 IDEMPOTENCY_KEY_REQUIRED without it.';
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** JSON with object keys sorted, so the same body sent with keys in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  return createHash('sha256')
    .update(`${request.method}\n${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

function headerKey(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !VISIBLE_ASCII.test(key))
    throw new AppError('validation', ErrorCode.IDEMPOTENCY_KEY_INVALID, { max: IDEMPOTENCY_KEY_MAX_LENGTH });
  return key;
}

/** Requests that hold their key until their answer is stored. */
const holders = new WeakMap<FastifyRequest, { userId: number; key: string }>();

/** A flagged route's key, or 400 before anything else of the request is looked at. */
function requireKey(request: FastifyRequest) {
  const key = headerKey(request);
  if (key === undefined) throw new AppError('validation', ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
  request.idempotencyKey = key;
}

/**
 * The request's `Idempotency-Key`, for handlers to derive order and ledger keys from. Only flagged
 * routes have one (the hook refused the request otherwise); asking elsewhere is a programming error.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  if (!request.routeOptions.config.idempotent || request.idempotencyKey === null)
    throw new Error(`${request.method} ${request.routeOptions.url} is not an idempotent route`);
  return request.idempotencyKey;
}

async function replayOrRefuse(request: FastifyRequest, reply: FastifyReply, store: IdempotencyStore) {
  const key = request.idempotencyKey;
  // The auth hook ran first and flagged routes are never public (checked as they are added).
  const userId = request.auth?.userId;
  if (key === null || userId === undefined) throw new Error('an idempotent request without key or user');
  const claim = await store.claim(userId, key, requestHash(request));
  if (claim.kind === 'mismatch') throw new AppError('business_rule', ErrorCode.IDEMPOTENCY_KEY_REUSED);
  if (claim.kind === 'in_flight') throw new AppError('conflict', ErrorCode.IDEMPOTENCY_KEY_IN_FLIGHT);
  if (claim.kind === 'claimed') {
    holders.set(request, { userId, key });
    return;
  }
  reply.status(claim.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (claim.contentType) reply.header('content-type', claim.contentType);
  return reply.send(claim.body);
}

async function storeAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  store: IdempotencyStore,
) {
  const holder = holders.get(request);
  if (!holder) return;
  const body =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (reply.statusCode >= 500 || body === null) {
    await store.forget(holder.userId, holder.key);
    holders.delete(request);
    return;
  }
  const contentType = reply.getHeader('content-type');
  const keep = request.routeOptions.config.idempotentKeep;
  await store.complete(holder.userId, holder.key, {
    statusCode: reply.statusCode,
    body: keep && reply.statusCode < 300 ? keep(body) : body,
    contentType: typeof contentType === 'string' ? contentType : null,
  });
  holders.delete(request);
}

/** Adds the hooks to `app` itself (not a child scope), like the auth hook, so every route sees them. */
export function registerIdempotency(app: FastifyInstance, store: IdempotencyStore): void {
  app.decorateRequest('idempotencyKey', null);
  // Keys are kept per user: a public route has nobody to scope them to.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (route.config.public) throw new Error(`${route.url}: a public route cannot be idempotent`);
    // The API documentation says so on every flagged route, from the flag itself.
    if (route.schema) {
      const said = route.schema.description ? `${route.schema.description} ` : '';
      route.schema.description = `${said}${IDEMPOTENCY_KEY_REQUIRED_NOTE}`;
    }
  });
  // preValidation: after the auth hook (401 first), before the body and parameters are checked, so
  // a missing key is named whatever else is wrong with the request.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.idempotent) requireKey(request);
  });
  // preHandler: after validation (the parsed body the request hash covers).
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    return replayOrRefuse(request, reply, store);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    try {
      await storeAnswer(request, reply, payload, store);
    } catch (error) {
      // The answer still goes out; without a stored copy a retry must be able to run again.
      request.log.error({ err: error }, 'could not store the idempotent answer');
      const holder = holders.get(request);
      if (holder) await store.forget(holder.userId, holder.key).catch(() => undefined);
    }
    return payload;
  });
  // An answer that never reached onSend (the connection dropped) must not block retries for a day.
  app.addHook('onResponse', async (request) => {
    const holder = holders.get(request);
    if (!holder) return;
    holders.delete(request);
    await store.forget(holder.userId, holder.key);
  });
}
