/**
 * Static residential proxies (issue 19, `/zqgl/testIp`): the cloud's pool, the purchase (the
 * engine's `buyResources`: one order of type `proxy` charged the catalogue's quote, one resource
 * of kind `proxy` each, created upstream by the provisioning jobs), the list, the credentials
 * read from the cloud on demand, binding to phones (binding.ts), renewal and auto-renew (billing),
 * and the health check. Expiry is the lifecycle sweep's: unbound, then released, with a notice.
 */
import {
  ErrorCode,
  type PriceQuote,
  type ProxyCredentials,
  type ProxyPoolEntry,
  type ResidentialProxy,
  type ResidentialProxyPage,
  type proxyPurchaseBody,
  type residentialProxyListQuery,
} from '@cloudbay/contracts';
import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CoreDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { resources } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { quoteRenewalOf, renewResource, setAutoRenew, type Renewal } from '../../billing/renewal';
import { quoteProxyPurchase, toPriceQuote } from '../../catalog/service';
import type { ActionDeps } from '../../provisioning/actions';
import { findListPage, findResourceOfUser, type ResourceRow } from '../../provisioning/repo';
import { buyResources, type PurchaseDeps } from '../../provisioning/service';
import type { OrderRow } from '../../orders/service';
import { bindProxy, phonesBoundTo, unbindProxy, type ProxyRef } from './binding';
import { residentialReady, toResidentialProxy } from './view';
import { requestDeletion } from '../deletion';

const KIND = 'proxy';
const refOf = (proxyId: string): ProxyRef => ({ source: 'residential', id: proxyId });

/** GET /user/ph/proxy/pool: every location the cloud offers, with its stock now. */
export async function listProxyPool(deps: Pick<CoreDeps, 'cloud'>): Promise<ProxyPoolEntry[]> {
  const pool = await deps.cloud.proxyPool();
  return pool.map((entry) => ({
    pool_id: entry.poolId,
    country: entry.country,
    city: entry.city,
    isp: entry.isp,
    stock: entry.stock,
  }));
}

/** GET /user/ph/proxy/price: what POST /user/ph/proxy charges. */
export async function proxyPrice(db: Db, query: { period: number; quantity: number }): Promise<PriceQuote> {
  return toPriceQuote(await quoteProxyPurchase(db, query));
}

/**
 * POST /user/ph/proxy: `quantity` IPs of one pool entry. The stock is read first (404
 * PROXY_POOL_NOT_FOUND, 409 PROXY_OUT_OF_STOCK), then one transaction quotes, places the order
 * and its charge, and inserts the resources with their creation jobs. The cloud takes the stock
 * at creation; one lost to a racing buyer meanwhile fails that creation, which is refunded.
 */
export async function purchaseProxies(
  deps: PurchaseDeps,
  userId: number,
  body: z.output<typeof proxyPurchaseBody>,
  idempotencyKey: string,
): Promise<{ order: OrderRow; resources: ResourceRow[] }> {
  const entry = (await deps.cloud.proxyPool()).find((candidate) => candidate.poolId === body.pool_id);
  if (!entry) throw new AppError('not_found', ErrorCode.PROXY_POOL_NOT_FOUND);
  if (entry.stock < body.quantity) {
    throw new AppError('conflict', ErrorCode.PROXY_OUT_OF_STOCK, { stock: entry.stock });
  }
  return inTransaction(deps.database.pool, async (tx) => {
    const quote = await quoteProxyPurchase(tx.db, { period: body.period, quantity: body.quantity });
    return buyResources(tx, deps, {
      kind: KIND,
      userId,
      idempotencyKey,
      request: {
        region_id: null,
        quantity: body.quantity,
        name: body.name ?? `${entry.city}`,
        auto_renew: body.auto_renew,
      },
      quote,
      spec: {
        poolId: entry.poolId,
        protocol: body.protocol,
        chargeType: 'subscription',
        periodMonths: body.period,
      },
    });
  });
}

/** One of the caller's live residential proxies; another's (or a released one) answers 404. */
async function proxyOfUser(db: Db, userId: number, proxyId: string): Promise<ResourceRow> {
  const row = await findResourceOfUser(db, userId, KIND, proxyId);
  if (!row) throw new AppError('not_found', ErrorCode.PROXY_NOT_FOUND);
  return row;
}

/** The proxy as the list shows it, with the phone it is bound to. */
export async function viewResidential(db: Db, row: ResourceRow): Promise<ResidentialProxy> {
  const bound = await phonesBoundTo(db, row.userId, 'residential', [row.resourceId]);
  return toResidentialProxy(row, bound.get(row.resourceId)?.[0] ?? null);
}

type ListQuery = z.output<typeof residentialProxyListQuery>;

/** GET /user/ph/proxy: the caller's residential proxies, newest first, filtered and paged in SQL. */
export async function listResidential(
  db: Db,
  userId: number,
  query: ListQuery,
): Promise<ResidentialProxyPage> {
  const boundPhones = sql`exists (select 1 from ${resources} phone where phone.user_id = ${resources.userId}
    and phone.kind = 'phone' and phone.deleted_at is null and phone.spec -> 'proxy' ->> 'source' = 'residential'
    and phone.spec -> 'proxy' ->> 'id' = ${resources.resourceId})`;
  const keyword = query.keyword === undefined ? undefined : containsPattern(query.keyword);
  const extra = sql.join(
    [
      sql`true`,
      ...(keyword === undefined
        ? []
        : [
            sql`(${or(
              sql`${resources.name} ilike ${keyword}`,
              sql`${resources.attributes} ->> 'address' ilike ${keyword}`,
              sql`${resources.attributes} ->> 'city' ilike ${keyword}`,
            )})`,
          ]),
      ...(query.country === undefined ? [] : [sql`${resources.attributes} ->> 'country' = ${query.country}`]),
      ...(query.bound === 'yes' ? [boundPhones] : query.bound === 'no' ? [sql`not ${boundPhones}`] : []),
    ],
    sql` and `,
  );
  const { rows, total } = await findListPage(db, { userId, kind: KIND, status: query.status, extra }, query);
  const bound = await phonesBoundTo(
    db,
    userId,
    'residential',
    rows.map((row) => row.resourceId),
  );
  return {
    list: rows.map((row) => toResidentialProxy(row, bound.get(row.resourceId)?.[0] ?? null)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** POST /user/ph/proxy/{id}/credentials: the login, read from the cloud (never stored by the console). */
export async function revealCredentials(
  deps: Pick<CoreDeps, 'cloud' | 'database'>,
  userId: number,
  proxyId: string,
): Promise<ProxyCredentials> {
  const row = await proxyOfUser(deps.database.db, userId, proxyId);
  if (!residentialReady(row)) throw new AppError('conflict', ErrorCode.PROXY_NOT_READY);
  const [upstream] = await deps.cloud.describe('proxy', [row.instanceId!]);
  if (!upstream) throw new AppError('not_found', ErrorCode.PROXY_NOT_FOUND);
  const { protocol, address, port, username, password } = upstream.attributes;
  return { protocol, address, port, username, password };
}

/**
 * POST /user/ph/proxy/{id}/bind: the proxy onto one of the caller's phones. It must be available
 * (409 PROXY_NOT_READY) and on no other phone (409 PROXY_ALREADY_BOUND); its row stays locked
 * until the phone's call is recorded, so two binds of one proxy cannot both pass.
 */
export async function bindResidential(
  deps: ActionDeps,
  userId: number,
  proxyId: string,
  phoneId: string,
): Promise<ResidentialProxy> {
  await bindProxy(deps, userId, phoneId, refOf(proxyId), async (tx) => {
    const row = await findResourceOfUser(tx.db, userId, KIND, proxyId, { lock: 'update' });
    if (!row) throw new AppError('not_found', ErrorCode.PROXY_NOT_FOUND);
    if (!residentialReady(row)) throw new AppError('conflict', ErrorCode.PROXY_NOT_READY);
    const bound = (await phonesBoundTo(tx.db, userId, 'residential', [proxyId])).get(proxyId) ?? [];
    if (bound.some((phone) => phone.id !== phoneId))
      throw new AppError('conflict', ErrorCode.PROXY_ALREADY_BOUND);
    const [upstream] = await deps.cloud.describe('proxy', [row.instanceId!]);
    if (!upstream) throw new AppError('conflict', ErrorCode.PROXY_NOT_READY);
    const { protocol, address, port, username, password } = upstream.attributes;
    return { protocol, host: address, port, username, password };
  });
  return viewResidential(deps.database.db, await proxyOfUser(deps.database.db, userId, proxyId));
}

/** POST /user/ph/proxy/{id}/unbind: off the phone (409 PROXY_NOT_BOUND when it is not on it). */
export async function unbindResidential(
  deps: ActionDeps,
  userId: number,
  proxyId: string,
  phoneId: string,
): Promise<ResidentialProxy> {
  const row = await proxyOfUser(deps.database.db, userId, proxyId);
  await unbindProxy(deps, userId, phoneId, refOf(proxyId));
  return viewResidential(deps.database.db, row);
}

/**
 * DELETE /user/ph/proxy/{id}: released before its end, at the customer's word. The phone using it
 * is switched off it in the same step (network/deletion.ts), the cloud releases the IP and the
 * pool's stock takes it back. Nothing is refunded: a release never refunds the term left (as an
 * office network's; renewals and upgrades never refund either). 409 while it is being made,
 * already releasing, or its phone is busy.
 */
export async function releaseResidential(
  deps: ActionDeps,
  userId: number,
  proxyId: string,
): Promise<ResidentialProxy> {
  const row = await proxyOfUser(deps.database.db, userId, proxyId);
  return viewResidential(deps.database.db, await requestDeletion(deps, row));
}

/** GET /user/ph/proxy/{id}/renew_price. */
export async function residentialRenewPrice(db: Db, userId: number, proxyId: string, months: number) {
  return toPriceQuote(await quoteRenewalOf(db, await proxyOfUser(db, userId, proxyId), months));
}

/** POST /user/ph/proxy/{id}/renew: billing's renewal, for a residential proxy only. */
export async function renewResidential(
  deps: CoreDeps,
  userId: number,
  proxyId: string,
  months: number,
  idempotencyKey: string,
): Promise<Renewal> {
  await proxyOfUser(deps.database.db, userId, proxyId);
  return renewResource(deps, userId, proxyId, months, idempotencyKey);
}

/** PUT /user/ph/proxy/{id}/auto_renew. */
export async function switchResidentialAutoRenew(
  db: Db,
  userId: number,
  proxyId: string,
  autoRenew: boolean,
) {
  const row = await setAutoRenew(db, await proxyOfUser(db, userId, proxyId), autoRenew);
  return viewResidential(db, row);
}

/**
 * POST /user/ph/proxy/{id}/check: the cloud's probe measures the line now; the latency and time
 * are kept on the row (a jsonb merge, so a concurrent engine write to other keys is kept).
 */
export async function checkResidential(
  deps: Pick<CoreDeps, 'cloud' | 'database'>,
  userId: number,
  proxyId: string,
): Promise<ResidentialProxy> {
  const db = deps.database.db;
  const row = await proxyOfUser(db, userId, proxyId);
  if (!residentialReady(row)) throw new AppError('conflict', ErrorCode.PROXY_NOT_READY);
  const health = (await deps.cloud.checkProxies([row.instanceId!])).get(row.instanceId!);
  const measured = {
    latencyMs: health?.reachable ? health.latencyMs : null,
    checkedAt: (health?.checkedAt ?? new Date()).toISOString(),
  };
  const [updated] = await db
    .update(resources)
    .set({
      attributes: sql`${resources.attributes} || ${JSON.stringify(measured)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(resources.id, row.id))
    .returning();
  return viewResidential(db, updated!);
}
