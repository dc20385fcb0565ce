/**
 * The customer's cloud phones (spec §3 Cloud phone, §4 Phone operations, §7 Cloud phone): the
 * purchase (the engine's `purchasePhones`), the list, run actions in batches, editing, renewal,
 * upgrade, the phone orders, and who may use phones at all (`ph_white_user`). Every change of a
 * phone goes through the provisioning engine's `requestAction`; money through billing's
 * `renewResource` and `changeSpec`.
 */
import {
  ErrorCode,
  type Language,
  type ModifySpecQuote,
  type Phone,
  type PhoneActionBody,
  type PhoneBatchResult,
  type PhonePage,
  type PhoneUpdateBody,
  type PriceQuote,
  type phoneListQuery,
  UNGROUPED,
} from '@cloudbay/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { resources, users } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { isRenewable, quoteRenewalOf, renewResource, setAutoRenew, type Renewal } from '../billing/renewal';
import { changeSpec, type SpecChange, type SpecPlan } from '../billing/spec-change';
import { quotePhoneModification, toModifySpecQuote, toPriceQuote } from '../catalog/service';
import { findUserById } from '../identity/repo';
import { checkAllowed, requestAction, type ActionDeps } from '../provisioning/actions';
import { requestActionTask } from './tasks/action-tasks';
import { runBatch } from '../provisioning/batch';
import {
  PHONE_GROUP_REFERENCE,
  findListPage,
  findResourceOfUser,
  listCriteriaOf,
  lockResource,
  updateResource,
  type ResourceRow,
} from '../provisioning/repo';
import { movePhonesToGroup, resolvePhoneGroup } from './groups';
import { findLiveEipsBy } from '../network/eip/service';
import { phoneProxiesOf } from '../network/proxies/phone-proxy';
import { ENGINE_ACTION, toPhone, type PhoneEip } from './view';
import type { SubAccountPayer } from '../sub-accounts/spend-cap';

/** `boundTo`: a sub-account's session lists only its bound phones (issue 21). */
export type PhoneListFilter = z.output<typeof phoneListQuery> & { boundTo?: number };

// ---------------------------------------------------------------------------------------------
// Access

/** Whether the customer may use cloud phones (spec §6 `ph_white_user`); else 403 PHONE_ACCESS_DENIED. */
export async function assertPhoneAccess(db: Db, userId: number): Promise<void> {
  const found = await findUserById(db, userId);
  // A sub-account has phones when its main account has the flag (issue 21).
  const user = found?.parentId ? await findUserById(db, found.parentId) : found;
  if (user?.phWhiteUser !== 1) throw new AppError('forbidden', ErrorCode.PHONE_ACCESS_DENIED);
}

/**
 * PUT /system/customer/{userId}/ph_white_user (operators): an account outside `scope` (the
 * operator's data scope on `users`) answers 404 CUSTOMER_NOT_FOUND, as one that does not exist.
 */
export async function setPhWhiteUser(db: Db, userId: number, value: 0 | 1, scope: SQL = sql`true`) {
  const [row] = await db
    .update(users)
    .set({ phWhiteUser: value })
    .where(and(eq(users.id, userId), scope))
    .returning({ id: users.id, phWhiteUser: users.phWhiteUser });
  if (!row) throw new AppError('not_found', ErrorCode.CUSTOMER_NOT_FOUND);
  return { user_id: row.id, ph_white_user: row.phWhiteUser };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** One of the caller's phones; another customer's (or a deleted one) answers 404. */
export async function phoneOfUser(db: Db, userId: number, phoneId: string): Promise<ResourceRow> {
  const row = await findResourceOfUser(db, userId, 'phone', phoneId);
  if (!row) throw new AppError('not_found', ErrorCode.PHONE_NOT_FOUND);
  return row;
}

/**
 * GET /user/ph/phone: the caller's live phones, filtered and paged in SQL, newest first. Statuses
 * are the engine's: the refresh job follows a changing phone until it settles.
 */
export async function listPhones(db: Db, userId: number, query: PhoneListFilter): Promise<PhonePage> {
  const criteria = listCriteriaOf(userId, 'phone', query);
  if (query.group_id !== undefined) {
    criteria.extra =
      query.group_id === UNGROUPED
        ? sql`not ${resources.spec} ? 'groupId'`
        : eq(PHONE_GROUP_REFERENCE, String(query.group_id));
  }
  const { rows, total } = await findListPage(db, criteria, query);
  const eips = await phoneEipsOf(db, userId, rows);
  const proxies = await phoneProxiesOf(db, userId, rows);
  return {
    list: rows.map((row) => toPhone(row, eips.get(row.resourceId), proxies.get(row.resourceId))),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** The addresses `phones` are behind (one query over the EIP rows naming them). */
async function phoneEipsOf(db: Db, userId: number, phones: ResourceRow[]): Promise<Map<string, PhoneEip>> {
  const rows = await findLiveEipsBy(
    db,
    userId,
    'phone',
    phones.map((phone) => phone.resourceId),
  );
  const bound = rows.filter((eip) => eip.status === 'allocated');
  return new Map(
    bound.map((eip) => [
      String(eip.spec.boundPhoneId),
      {
        eipId: eip.resourceId,
        address: typeof eip.attributes.address === 'string' ? eip.attributes.address : null,
        networkId: typeof eip.spec.networkId === 'string' ? eip.spec.networkId : null,
      },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Actions and editing

/**
 * POST /user/ph/phone/action: the action on each phone, one entry each (another's phone
 * PHONE_NOT_FOUND, a forbidden transition its translated 409 code). `force` goes to the cloud
 * with stop and restart, the actions that take it.
 */
export async function runPhoneActions(
  deps: ActionDeps,
  userId: number,
  body: PhoneActionBody,
  language: Language,
): Promise<PhoneBatchResult> {
  const action = ENGINE_ACTION[body.action];
  const params = (action === 'stop' || action === 'reboot') && body.force ? { force: true } : {};
  // Each action is a task of the task centre, written with the action (its type: the console's name).
  return runPhoneBatch(deps, userId, body.phone_ids, language, (row) =>
    requestActionTask(deps, row, action, { params }, { type: body.action, actorId: userId }),
  );
}

/** `act` on each of the caller's phones asked for: one entry each, in the batch answer's shape. */
export async function runPhoneBatch(
  deps: ActionDeps,
  userId: number,
  phoneIds: readonly string[],
  language: Language,
  act: (row: ResourceRow) => Promise<ResourceRow>,
): Promise<PhoneBatchResult> {
  const input = { userId, kind: 'phone', ids: phoneIds, notFound: ErrorCode.PHONE_NOT_FOUND, language };
  const entries = await runBatch(deps.database.db, input, act);
  return {
    results: entries.map(({ id, status, ...entry }) => ({
      phone_id: id,
      ...entry,
      status: status as Phone['status'] | null,
    })),
  };
}

/** The console's own label, written under the row lock (an action may be changing the spec). */
function setDisplayName(deps: ActionDeps, row: ResourceRow, displayName: string | null) {
  return inTransaction(deps.database.pool, async (tx) => {
    const locked = (await lockResource(tx.db, row.id))!;
    return updateResource(tx.db, row.id, { spec: { ...locked.spec, displayName } });
  });
}

/**
 * PUT /user/ph/phone/{id}: a new name (upstream `rename`, 2–30 characters), a display name ('' for
 * none; the console's own), auto-renew on or off (422 AUTO_RENEW_REFUSED on pay-as-you-go), a
 * group (0 for none). Every rule but the group's is checked before anything changes; the group is
 * looked up first, so a 404 for it changes nothing either.
 */
export async function updatePhone(
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  body: PhoneUpdateBody,
): Promise<ResourceRow> {
  const { db } = deps.database;
  const row = await phoneOfUser(db, userId, phoneId);
  if (body.auto_renew === true && !isRenewable(row)) {
    throw new AppError('business_rule', ErrorCode.AUTO_RENEW_REFUSED);
  }
  if (body.group_id !== undefined) await resolvePhoneGroup(db, userId, body.group_id);
  const name = body.name !== undefined && body.name !== row.name ? body.name : undefined;
  if (name !== undefined) {
    checkAllowed(row, 'rename');
    await requestAction(deps, row, 'rename', { params: { name }, change: { name, spec: { name } } });
  }
  if (body.display_name !== undefined) await setDisplayName(deps, row, body.display_name || null);
  if (body.group_id !== undefined) {
    await movePhonesToGroup(deps.database.pool, userId, body.group_id, [phoneId]);
  }
  const fresh = await phoneOfUser(db, userId, phoneId);
  return body.auto_renew === undefined ? fresh : setAutoRenew(db, fresh, body.auto_renew);
}

/** PUT /user/ph/phone/{id}/auto_renew. */
export async function switchAutoRenew(db: Db, userId: number, phoneId: string, autoRenew: boolean) {
  return setAutoRenew(db, await phoneOfUser(db, userId, phoneId), autoRenew);
}

// ---------------------------------------------------------------------------------------------
// Money

/** GET /user/ph/phone/{id}/renew_price: what POST /{id}/renew charges (the purchase quote for the months). */
export async function phoneRenewPrice(
  db: Db,
  userId: number,
  phoneId: string,
  months: number,
): Promise<PriceQuote> {
  const row = await phoneOfUser(db, userId, phoneId);
  return toPriceQuote(await quoteRenewalOf(db, row, months));
}

/** POST /user/ph/phone/{id}/renew: billing's renewal of one of the caller's phones. */
export async function renewPhone(
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  months: number,
  idempotencyKey: string,
  payer?: SubAccountPayer,
): Promise<Renewal> {
  // renewResource takes any kind by its id: only a phone is renewed here.
  await phoneOfUser(deps.database.db, userId, phoneId);
  return renewResource(deps, userId, phoneId, months, idempotencyKey, payer);
}

/**
 * The move to spec `specId` priced (prorated to the expiry): 422 SPEC_UNCHANGED for its own spec,
 * PHONE_DISK_SHRINK for one with less storage (the cloud never shrinks a disk).
 */
async function planUpgrade(db: Db, row: ResourceRow, specId: string, now: Date): Promise<SpecPlan> {
  const currentSpecId = String(row.spec.specId);
  if (specId === currentSpecId) throw new AppError('business_rule', ErrorCode.SPEC_UNCHANGED);
  const { quote, current, next } = await quotePhoneModification(db, {
    regionId: row.regionId!,
    currentSpecId,
    nextSpecId: specId,
    billingMethod: row.billingMethod as SpecPlan['quote']['billingMethod'],
    expiresAt: row.expiresAt,
    now,
  });
  const diskGiB = Number(row.spec.diskGiB);
  if (next.diskGib < diskGiB) {
    throw new AppError('business_rule', ErrorCode.PHONE_DISK_SHRINK, { current: diskGiB });
  }
  const sizes = { specId: next.specId, cpu: next.cpu, memoryGiB: next.memoryGib, diskGiB: next.diskGib };
  return { quote, spec: sizes, params: sizes, summary: `${current.specId} → ${next.specId}` };
}

/** GET /user/ph/phone/{id}/upgrade_price: what POST /{id}/upgrade charges now. */
export async function phoneUpgradePrice(
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  specId: string,
): Promise<ModifySpecQuote> {
  const row = await phoneOfUser(deps.database.db, userId, phoneId);
  return toModifySpecQuote((await planUpgrade(deps.database.db, row, specId, deps.clock.now())).quote);
}

/**
 * POST /user/ph/phone/{id}/upgrade: another spec, running or stopped; a subscription pays the
 * prorated difference now (order action upgrade), pay-as-you-go the new hourly price from now on.
 */
export function upgradePhone(
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  specId: string,
  requestKey: string,
): Promise<SpecChange> {
  return changeSpec(deps, {
    userId,
    kind: 'phone',
    resourceId: phoneId,
    notFound: ErrorCode.PHONE_NOT_FOUND,
    requestKey,
    plan: (tx: Tx, row, now) => planUpgrade(tx.db, row, specId, now),
  });
}
