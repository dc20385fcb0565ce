/**
 * Custom phone networks (spec §3 Custom phone network, §7 Phone networks): a network of a phone
 * region holds up to `quota` elastic IPs (bought into it on the EIP purchase, 5–200 Mbps each),
 * and each of its addresses fronts one phone. Bought through `buyResources`, renewed through
 * billing's renewal, released by the lifecycle sweep after its grace; phones are put behind its
 * addresses with the EIP module's bind and unbind.
 */
import {
  ErrorCode,
  type PhoneNetwork,
  type PhoneNetworkPage,
  type PriceQuote,
  type phoneNetworkCreateBody,
  type phoneNetworkListQuery,
  type phoneNetworkUpdateBody,
} from '@cloudbay/contracts';
import type { z } from 'zod';
import type { CoreDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { renewResource, setAutoRenew, type Renewal } from '../../billing/renewal';
import { quotePhoneNetworkPurchase } from '../../catalog/network-quotes';
import { toPriceQuote } from '../../catalog/service';
import type { OrderRow } from '../../orders/service';
import { checkAllowed, requestAction, type ActionDeps } from '../../provisioning/actions';
import { findListPage, findResourceOfUser, listCriteriaOf, type ResourceRow } from '../../provisioning/repo';
import { buyResources, type PurchaseDeps } from '../../provisioning/service';
import { bindEip, findLiveEipsBy, unbindEipRow } from '../eip/service';
import { toPhoneNetwork, type NetworkUse } from './view';

export type PhoneNetworkListFilter = z.output<typeof phoneNetworkListQuery>;
export type PhoneNetworkCreate = z.output<typeof phoneNetworkCreateBody>;

/** One of the caller's live networks; another customer's answers 404 PHONE_NETWORK_NOT_FOUND. */
export async function phoneNetworkOfUser(db: Db, userId: number, networkId: string): Promise<ResourceRow> {
  const row = await findResourceOfUser(db, userId, 'phone_network', networkId);
  if (!row) throw new AppError('not_found', ErrorCode.PHONE_NETWORK_NOT_FOUND);
  return row;
}

/** How many live addresses each network holds and how many of those front a phone, in one query. */
async function usesOf(db: Db, userId: number, networkIds: string[]): Promise<Map<string, NetworkUse>> {
  const uses = new Map<string, NetworkUse>(networkIds.map((id) => [id, { eips: 0, bound: 0 }]));
  for (const eip of await findLiveEipsBy(db, userId, 'network', networkIds)) {
    const use = uses.get(String(eip.spec.networkId))!;
    use.eips += 1;
    if (eip.status === 'allocated') use.bound += 1;
  }
  return uses;
}

export async function toPhoneNetworks(
  deps: CoreDeps,
  userId: number,
  rows: ResourceRow[],
): Promise<PhoneNetwork[]> {
  const uses = await usesOf(
    deps.database.db,
    userId,
    rows.map((row) => row.resourceId),
  );
  const now = deps.clock.now();
  return rows.map((row) => toPhoneNetwork(row, uses.get(row.resourceId)!, now));
}

/** GET /user/ph/ph_u_network: the caller's networks, newest first, with what each may still take. */
export async function listPhoneNetworks(
  deps: CoreDeps,
  userId: number,
  query: PhoneNetworkListFilter,
): Promise<PhoneNetworkPage> {
  const criteria = listCriteriaOf(userId, 'phone_network', query);
  const { rows, total } = await findListPage(deps.database.db, criteria, query);
  return { list: await toPhoneNetworks(deps, userId, rows), total, page: query.page, limit: query.limit };
}

/** GET /user/ph/ph_u_network/price: what /create (and a renewal of as many months) charges. */
export async function phoneNetworkPrice(
  db: Db,
  query: { region_id: number; period: number },
): Promise<PriceQuote> {
  return toPriceQuote(
    await quotePhoneNetworkPurchase(db, { regionId: query.region_id, period: query.period }),
  );
}

/** POST /user/ph/ph_u_network/create: quote → `buyResources` (order, charge, the network, its create job). */
export async function createPhoneNetwork(
  deps: PurchaseDeps,
  userId: number,
  request: PhoneNetworkCreate,
  idempotencyKey: string,
): Promise<{ order: OrderRow; network: ResourceRow }> {
  return inTransaction(deps.database.pool, async (tx) => {
    const quote = await quotePhoneNetworkPurchase(tx.db, {
      regionId: request.region_id,
      period: request.period,
    });
    const { order, resources } = await buyResources(tx, deps, {
      kind: 'phone_network',
      userId,
      idempotencyKey,
      request: { ...request, quantity: 1 },
      quote,
      spec: {
        name: request.name,
        ipQuota: request.quota,
        chargeType: 'subscription',
        periodMonths: request.period,
      },
    });
    return { order, network: resources[0]! };
  });
}

/** POST /user/ph/ph_u_network/{id}/renew: billing's renewal of one of the caller's networks. */
export async function renewPhoneNetwork(
  deps: ActionDeps,
  userId: number,
  networkId: string,
  months: number,
  idempotencyKey: string,
): Promise<Renewal> {
  await phoneNetworkOfUser(deps.database.db, userId, networkId);
  return renewResource(deps, userId, networkId, months, idempotencyKey);
}

/**
 * PUT /user/ph/ph_u_network/{id}: a new name, through the engine's `rename` (the cloud names the
 * network too; the new name is undone if it refuses), and auto-renew on or off (422
 * AUTO_RENEW_REFUSED where the money rules do not offer it). Both are checked before either changes.
 */
export async function updatePhoneNetwork(
  deps: ActionDeps,
  userId: number,
  networkId: string,
  body: z.output<typeof phoneNetworkUpdateBody>,
): Promise<ResourceRow> {
  const { db } = deps.database;
  let row = await phoneNetworkOfUser(db, userId, networkId);
  const name = body.name !== undefined && body.name !== row.name ? body.name : undefined;
  if (name !== undefined) checkAllowed(row, 'rename');
  if (body.auto_renew !== undefined) row = await setAutoRenew(db, row, body.auto_renew);
  if (name !== undefined) {
    row = await requestAction(deps, row, 'rename', { params: { name }, change: { name, spec: { name } } });
  }
  return row;
}

/**
 * POST /user/ph/ph_u_network/{u_network_id}/eip/{eip_id}/bind_ph: the phone behind that address
 * of the network (the EIP rules, the network's quota of phones).
 */
export async function bindPhoneInNetwork(
  deps: ActionDeps,
  userId: number,
  params: { u_network_id: string; eip_id: string },
  phoneId: string,
): Promise<ResourceRow> {
  await phoneNetworkOfUser(deps.database.db, userId, params.u_network_id);
  return bindEip(deps, userId, { eip_id: params.eip_id, phone_id: phoneId }, params.u_network_id);
}

/**
 * POST /user/ph/ph_u_network/{u_network_id}/eip/unbind_ph: the phone taken from behind the
 * network's address it is bound to (404 PHONE_NOT_IN_NETWORK when it is behind none of them).
 */
export async function unbindPhoneInNetwork(
  deps: ActionDeps,
  userId: number,
  networkId: string,
  phoneId: string,
): Promise<ResourceRow> {
  const { db } = deps.database;
  await phoneNetworkOfUser(db, userId, networkId);
  const behind = await findLiveEipsBy(db, userId, 'phone', [phoneId]);
  const eip = behind.find((row) => row.spec.networkId === networkId && row.status === 'allocated');
  if (!eip) throw new AppError('not_found', ErrorCode.PHONE_NOT_IN_NETWORK);
  return unbindEipRow(deps, eip);
}
