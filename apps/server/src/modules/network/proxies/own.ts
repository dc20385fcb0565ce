/**
 * The customer's own proxies (issue 19, `/zqgl/ownProxy`): registered one at a time or pasted in
 * bulk (`host:port:user:pass` per line, each line validated and reported), checked for real
 * (proxy-check.ts: SOCKS5 or HTTP CONNECT with the credentials, a timeout, the address guard),
 * and bound to phones like a bought proxy (binding.ts). Passwords are sealed at rest under
 * `PROXY_SECRET_KEY` and never answered.
 */
import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  OWN_PROXY_BULK_MAX_LINES,
  ownProxyBody,
  type Language,
  type OwnProxy,
  type OwnProxyBulkResult,
  type OwnProxyPage,
  type ProxyProtocol,
  type ownProxyListQuery,
  type ownProxyUpdateBody,
} from '@cloudbay/contracts';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CoreDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { concurrently } from '../../../db/concurrently';
import { containsPattern } from '../../../db/like';
import { ownProxies } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { translate } from '../../../lib/i18n';
import { openSecret, sealSecret, secretKeyOf } from '../../../lib/secret-box';
import type { ActionDeps } from '../../provisioning/actions';
import { bindProxy, phonesBoundTo, unbindProxy, type ProxyRef } from './binding';
import { checkProxy, type ProxyEndpoint } from './proxy-check';
import { toOwnProxy, type OwnProxyRow } from './view';

type Deps = Pick<CoreDeps, 'config' | 'database'>;
type OwnProxyInput = z.output<typeof ownProxyBody>;

const refOf = (proxyId: string): ProxyRef => ({ source: 'own', id: proxyId });

function newOwnProxyId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `op-${[...randomBytes(16)].map((byte) => alphabet[byte % 36]).join('')}`;
}

const keyOf = (deps: Deps) => secretKeyOf(deps.config.PROXY_SECRET_KEY);
const seal = (deps: Deps, password: string) => (password === '' ? '' : sealSecret(password, keyOf(deps)));

function endpointOf(deps: Deps, row: OwnProxyRow): ProxyEndpoint {
  return {
    protocol: row.protocol as ProxyProtocol,
    host: row.host,
    port: row.port,
    username: row.username,
    password: row.passwordSealed === '' ? '' : openSecret(row.passwordSealed, keyOf(deps)),
  };
}

function rowValues(deps: Deps, userId: number, input: OwnProxyInput) {
  return {
    proxyId: newOwnProxyId(),
    userId,
    protocol: input.protocol,
    host: input.host,
    port: input.port,
    username: input.username,
    passwordSealed: seal(deps, input.password),
    remark: input.remark,
  };
}

async function ownProxyOfUser(db: Db, userId: number, proxyId: string, lock = false): Promise<OwnProxyRow> {
  const query = db
    .select()
    .from(ownProxies)
    .where(and(eq(ownProxies.proxyId, proxyId), eq(ownProxies.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', ErrorCode.PROXY_NOT_FOUND);
  return row;
}

async function view(db: Db, row: OwnProxyRow): Promise<OwnProxy> {
  const bound = await phonesBoundTo(db, row.userId, 'own', [row.proxyId]);
  return toOwnProxy(row, bound.get(row.proxyId) ?? []);
}

type ListQuery = z.output<typeof ownProxyListQuery>;

/** GET /user/ph/own_proxy: newest first, filtered and paged in SQL, with the phones bound. */
export async function listOwnProxies(db: Db, userId: number, query: ListQuery): Promise<OwnProxyPage> {
  const keyword = query.keyword === undefined ? undefined : containsPattern(query.keyword);
  const where = and(
    eq(ownProxies.userId, userId),
    keyword === undefined
      ? undefined
      : or(
          sql`${ownProxies.host} ilike ${keyword}`,
          sql`${ownProxies.username} ilike ${keyword}`,
          sql`${ownProxies.remark} ilike ${keyword}`,
        ),
    query.protocol === undefined ? undefined : eq(ownProxies.protocol, query.protocol),
    query.check_status === undefined ? undefined : eq(ownProxies.checkStatus, query.check_status),
  );
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(ownProxies)
        .where(where)
        .orderBy(desc(ownProxies.createdAt), desc(ownProxies.id))
        .offset((query.page - 1) * query.limit)
        .limit(query.limit),
    () => db.select({ n: count() }).from(ownProxies).where(where),
  );
  const bound = await phonesBoundTo(
    db,
    userId,
    'own',
    rows.map((row) => row.proxyId),
  );
  return {
    list: rows.map((row) => toOwnProxy(row, bound.get(row.proxyId) ?? [])),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** POST /user/ph/own_proxy: one proxy, unchecked until its first check. */
export async function createOwnProxy(deps: Deps, userId: number, input: OwnProxyInput): Promise<OwnProxy> {
  const [row] = await deps.database.db
    .insert(ownProxies)
    .values(rowValues(deps, userId, input))
    .returning();
  return toOwnProxy(row!, []);
}

/** One pasted line as `host:port:user:pass` (the password may itself hold colons), or why not. */
function parseLine(line: string, protocol: ProxyProtocol): { input: OwnProxyInput } | { code: ErrorCode } {
  const parts = line.split(':');
  if (parts.length < 4) return { code: ErrorCode.OWN_PROXY_LINE_FORMAT };
  const [host, port, username, ...password] = parts;
  if (!/^\d{1,5}$/.test(port!.trim())) return { code: ErrorCode.OWN_PROXY_PORT_INVALID };
  const parsed = ownProxyBody.safeParse({
    protocol,
    host,
    port: port!.trim(),
    username,
    password: password.join(':'),
  });
  if (parsed.success) return { input: parsed.data };
  const field = parsed.error.issues[0]?.path[0];
  if (field === 'host') return { code: ErrorCode.PROXY_HOST_INVALID };
  if (field === 'port') return { code: ErrorCode.OWN_PROXY_PORT_INVALID };
  return { code: ErrorCode.OWN_PROXY_LINE_FORMAT };
}

/**
 * POST /user/ph/own_proxy/bulk: every non-blank line validated and reported by its line number;
 * the valid ones are inserted together (a bad line never blocks the good ones).
 */
export async function bulkCreateOwnProxies(
  deps: Deps,
  userId: number,
  body: { protocol: ProxyProtocol; text: string },
  language: Language,
): Promise<OwnProxyBulkResult> {
  const lines = body.text
    .split(/\r?\n/)
    .map((text, index) => ({ line: index + 1, text: text.trim() }))
    .filter((entry) => entry.text !== '');
  if (lines.length === 0) throw new AppError('validation', ErrorCode.OWN_PROXY_BULK_EMPTY);
  if (lines.length > OWN_PROXY_BULK_MAX_LINES) {
    throw new AppError('validation', ErrorCode.OWN_PROXY_BULK_TOO_MANY, { max: OWN_PROXY_BULK_MAX_LINES });
  }
  const parsed = lines.map((entry) => ({ ...entry, result: parseLine(entry.text, body.protocol) }));
  const values = parsed.flatMap((entry) =>
    'input' in entry.result ? [{ line: entry.line, ...rowValues(deps, userId, entry.result.input) }] : [],
  );
  if (values.length > 0) {
    await deps.database.db.insert(ownProxies).values(values.map(({ line: _line, ...value }) => value));
  }
  const idOfLine = new Map(values.map((value) => [value.line, value.proxyId]));
  return {
    created: values.length,
    failed: parsed.length - values.length,
    lines: parsed.map((entry) =>
      'input' in entry.result
        ? { line: entry.line, ok: true, proxy_id: idOfLine.get(entry.line)!, message: null }
        : { line: entry.line, ok: false, proxy_id: null, message: translate(language, entry.result.code) },
    ),
  };
}

/**
 * PUT /user/ph/own_proxy/{id}: the password is kept unless a new one is given. The endpoint of a
 * proxy phones use cannot change under them (409 PROXY_IN_USE: unbind first); a remark can. A
 * changed endpoint is unchecked again.
 */
export async function updateOwnProxy(
  deps: Deps,
  userId: number,
  proxyId: string,
  input: z.output<typeof ownProxyUpdateBody>,
): Promise<OwnProxy> {
  return inTransaction(deps.database.pool, async (tx) => {
    const row = await ownProxyOfUser(tx.db, userId, proxyId, true);
    const endpointChanged =
      input.protocol !== row.protocol ||
      input.host !== row.host ||
      input.port !== row.port ||
      input.username !== row.username ||
      (input.password !== undefined && input.password !== endpointOf(deps, row).password);
    if (endpointChanged) {
      const bound = await phonesBoundTo(tx.db, userId, 'own', [proxyId]);
      if ((bound.get(proxyId) ?? []).length > 0) throw new AppError('conflict', ErrorCode.PROXY_IN_USE);
    }
    const [updated] = await tx.db
      .update(ownProxies)
      .set({
        protocol: input.protocol,
        host: input.host,
        port: input.port,
        username: input.username,
        remark: input.remark,
        ...(endpointChanged && input.password !== undefined
          ? { passwordSealed: seal(deps, input.password) }
          : {}),
        ...(endpointChanged
          ? { checkStatus: 'unchecked', checkError: null, latencyMs: null, checkedAt: null }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(ownProxies.id, row.id))
      .returning();
    return view(tx.db, updated!);
  });
}

/** DELETE /user/ph/own_proxy/{id}: 409 PROXY_IN_USE while phones use it (a bind locks the row too). */
export async function deleteOwnProxy(deps: Deps, userId: number, proxyId: string): Promise<void> {
  await inTransaction(deps.database.pool, async (tx) => {
    const row = await ownProxyOfUser(tx.db, userId, proxyId, true);
    const bound = await phonesBoundTo(tx.db, userId, 'own', [proxyId]);
    if ((bound.get(proxyId) ?? []).length > 0) throw new AppError('conflict', ErrorCode.PROXY_IN_USE);
    await tx.db.delete(ownProxies).where(eq(ownProxies.id, row.id));
  });
}

/** POST /user/ph/own_proxy/{id}/check: a real connection through the proxy; the outcome is kept. */
export async function checkOwnProxy(deps: Deps, userId: number, proxyId: string): Promise<OwnProxy> {
  const db = deps.database.db;
  const row = await ownProxyOfUser(db, userId, proxyId);
  const outcome = await checkProxy(endpointOf(deps, row), {
    timeoutMs: deps.config.PROXY_CHECK_TIMEOUT_MS,
    allowPrivate: deps.config.PROXY_CHECK_ALLOW_PRIVATE === 'true',
  });
  const [updated] = await db
    .update(ownProxies)
    .set({
      checkStatus: outcome.ok ? 'ok' : 'failed',
      checkError: outcome.ok ? null : outcome.failure,
      latencyMs: outcome.latencyMs,
      checkedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(ownProxies.id, row.id))
    .returning();
  // Deleted while the check ran: nothing to answer about.
  if (!updated) throw new AppError('not_found', ErrorCode.PROXY_NOT_FOUND);
  return view(db, updated);
}

/** POST /user/ph/own_proxy/{id}/bind: onto one of the caller's phones (any number of phones may share it). */
export async function bindOwnProxy(
  deps: ActionDeps,
  userId: number,
  proxyId: string,
  phoneId: string,
): Promise<OwnProxy> {
  await bindProxy(deps, userId, phoneId, refOf(proxyId), async (tx) =>
    endpointOf(deps, await ownProxyOfUser(tx.db, userId, proxyId, true)),
  );
  return view(deps.database.db, await ownProxyOfUser(deps.database.db, userId, proxyId));
}

/** POST /user/ph/own_proxy/{id}/unbind: off one phone (409 PROXY_NOT_BOUND when it is not on it). */
export async function unbindOwnProxy(
  deps: ActionDeps,
  userId: number,
  proxyId: string,
  phoneId: string,
): Promise<OwnProxy> {
  const row = await ownProxyOfUser(deps.database.db, userId, proxyId);
  await unbindProxy(deps, userId, phoneId, refOf(proxyId));
  return view(deps.database.db, row);
}
