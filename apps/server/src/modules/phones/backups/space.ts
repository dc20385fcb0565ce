/**
 * Backup space (issue 20, spec §3 Backup space, §5): the account's quota for phone backups, one
 * live space per account, 10–5000 GiB in multiples of 10, a subscription of months. Bought through
 * `buyResources` (a kind with nothing upstream: created as soon as it is paid), grown through
 * `changeSpec` (the monthly difference prorated to the expiry), renewed through billing's renewal,
 * released by the lifecycle sweep after the grace (its backups go with it: `releaseBackupsOf`).
 */
import {
  ErrorCode,
  type BackupSpace,
  type BackupSpacePage,
  type ModifySpecQuote,
  type PriceQuote,
  type backupSpaceBuyBody,
} from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CoreDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { quoteRenewalOf, renewResource, setAutoRenew, type Renewal } from '../../billing/renewal';
import { changeSpec, type SpecChange, type SpecPlan } from '../../billing/spec-change';
import { quoteBackupSpaceExpansion, quoteBackupSpacePurchase } from '../../catalog/backup-space-quotes';
import { toModifySpecQuote, toPriceQuote } from '../../catalog/service';
import { findOrderByNo } from '../../orders/repo';
import { orderNoFor, type OrderRow } from '../../orders/service';
import type { ActionDeps } from '../../provisioning/actions';
import { findListPage, findResourceOfUser, listCriteriaOf, type ResourceRow } from '../../provisioning/repo';
import { buyResources, type PurchaseDeps, type PurchasePlan } from '../../provisioning/service';
import { settleOrphans, usedMibOf } from './repo';
import { spaceSizeOf, toBackupSpace } from './view';

const KIND = 'backup_space';
/** The resource's name (bills and orders show it; the space has no name of its own). */
const SPACE_NAME = 'backup-space';

/** One of the caller's live spaces; another customer's answers 404 BACKUP_SPACE_NOT_FOUND. */
export async function spaceOfUser(db: Db, userId: number, spaceId: string): Promise<ResourceRow> {
  const row = await findResourceOfUser(db, userId, KIND, spaceId);
  if (!row) throw new AppError('not_found', ErrorCode.BACKUP_SPACE_NOT_FOUND);
  return row;
}

/** The caller's live space (at most one), or undefined. */
export async function liveSpaceOf(db: Db, userId: number): Promise<ResourceRow | undefined> {
  const { rows } = await findListPage(db, listCriteriaOf(userId, KIND, {}), { page: 1, limit: 1 });
  return rows[0];
}

export async function toBackupSpaces(deps: CoreDeps, rows: ResourceRow[]): Promise<BackupSpace[]> {
  const used = await usedMibOf(
    deps.database.db,
    rows.map((row) => row.id),
  );
  const now = deps.clock.now();
  return rows.map((row) => toBackupSpace(row, used.get(row.id) ?? 0, now));
}

/** GET /user/ph/ph_backup_space: the caller's live space (a page of at most one). */
export async function listBackupSpaces(
  deps: CoreDeps,
  userId: number,
  page: { page: number; limit: number },
): Promise<BackupSpacePage> {
  await settleOrphans(deps.database.db, userId);
  const { rows, total } = await findListPage(deps.database.db, listCriteriaOf(userId, KIND, {}), page);
  return { list: await toBackupSpaces(deps, rows), total, page: page.page, limit: page.limit };
}

/** GET /user/ph/ph_backup_space/price: what the purchase (and a renewal of as many months) charges. */
export async function backupSpacePrice(db: Db, query: { size: number; period: number }): Promise<PriceQuote> {
  return toPriceQuote(await quoteBackupSpacePurchase(db, { sizeGib: query.size, period: query.period }));
}

/**
 * POST /user/ph/ph_backup_space: the quote → `buyResources` (order, charge, the space). A second
 * live space is refused (409 BACKUP_SPACE_EXISTS): the check runs under a per-customer advisory
 * lock, so two purchases with different keys cannot both pass it. The same key answers the first.
 */
export async function buyBackupSpace(
  deps: PurchaseDeps,
  userId: number,
  request: z.output<typeof backupSpaceBuyBody>,
  idempotencyKey: string,
): Promise<{ order: OrderRow; space: ResourceRow }> {
  return inTransaction(deps.database.pool, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext('backup_space.user'), ${userId}::int)`);
    const quote = await quoteBackupSpacePurchase(tx.db, { sizeGib: request.size, period: request.period });
    const plan: PurchasePlan = {
      kind: KIND,
      userId,
      idempotencyKey,
      request: { region_id: null, quantity: 1, name: SPACE_NAME, auto_renew: request.auto_renew },
      quote,
      spec: { sizeGib: request.size, chargeType: 'subscription', periodMonths: request.period },
    };
    const existing = await liveSpaceOf(tx.db, userId);
    if (existing) {
      // The purchase that made it, repeated under its key, answers that purchase (nothing charged).
      const first = await findOrderByNo(tx.db, orderNoFor(userId, idempotencyKey));
      if (first === undefined || first.id !== existing.orderId) {
        throw new AppError('conflict', ErrorCode.BACKUP_SPACE_EXISTS);
      }
    }
    const { order, resources } = await buyResources(tx, deps, plan);
    return { order, space: resources[0]! };
  });
}

/** The expansion's plan: the space only grows (422 BACKUP_SPACE_NOT_LARGER otherwise). */
async function planExpansion(db: Db, row: ResourceRow, sizeGib: number, now: Date): Promise<SpecPlan> {
  const currentGib = spaceSizeOf(row);
  if (sizeGib <= currentGib) {
    throw new AppError('business_rule', ErrorCode.BACKUP_SPACE_NOT_LARGER, { size: currentGib });
  }
  const quote = await quoteBackupSpaceExpansion(db, {
    currentGib,
    nextGib: sizeGib,
    expiresAt: row.expiresAt,
    now,
  });
  return {
    quote,
    spec: { sizeGib },
    params: { sizeGib },
    summary: `${currentGib} → ${sizeGib} GiB`,
  };
}

function assertRunning(row: ResourceRow, now: Date) {
  // An expired space is renewed before it grows (its room is prorated to an end in the past).
  if (row.expiresAt !== null && row.expiresAt <= now) {
    throw new AppError('conflict', ErrorCode.RESOURCE_ACTION_FORBIDDEN, { action: 'modify_spec' });
  }
}

/** GET /user/ph/ph_backup_space/{id}/expand_price?size=: what POST …/expand charges now. */
export async function backupSpaceExpandPrice(
  deps: CoreDeps,
  userId: number,
  spaceId: string,
  sizeGib: number,
): Promise<ModifySpecQuote> {
  const row = await spaceOfUser(deps.database.db, userId, spaceId);
  const now = deps.clock.now();
  assertRunning(row, now);
  return toModifySpecQuote((await planExpansion(deps.database.db, row, sizeGib, now)).quote);
}

/** POST /user/ph/ph_backup_space/{id}/expand (Idempotency-Key): one upgrade order, the new size at once. */
export async function expandBackupSpace(
  deps: ActionDeps,
  userId: number,
  spaceId: string,
  sizeGib: number,
  requestKey: string,
): Promise<SpecChange> {
  return changeSpec(deps, {
    userId,
    kind: KIND,
    resourceId: spaceId,
    notFound: ErrorCode.BACKUP_SPACE_NOT_FOUND,
    requestKey,
    plan: async (tx, row, now) => {
      assertRunning(row, now);
      return planExpansion(tx.db, row, sizeGib, now);
    },
  });
}

/** GET /user/ph/ph_backup_space/{id}/renew_price?period=: the renewal's charge. */
export async function backupSpaceRenewPrice(
  db: Db,
  userId: number,
  spaceId: string,
  period: number,
): Promise<PriceQuote> {
  const row = await spaceOfUser(db, userId, spaceId);
  return toPriceQuote(await quoteRenewalOf(db, row, period));
}

/** POST /user/ph/ph_backup_space/{id}/renew (Idempotency-Key). */
export async function renewBackupSpace(
  deps: ActionDeps,
  userId: number,
  spaceId: string,
  months: number,
  idempotencyKey: string,
): Promise<Renewal> {
  await spaceOfUser(deps.database.db, userId, spaceId);
  return renewResource(deps, userId, spaceId, months, idempotencyKey);
}

/** PUT /user/ph/ph_backup_space/{id}/auto_renew. */
export async function setBackupSpaceAutoRenew(
  db: Db,
  userId: number,
  spaceId: string,
  autoRenew: boolean,
): Promise<ResourceRow> {
  return setAutoRenew(db, await spaceOfUser(db, userId, spaceId), autoRenew);
}
