/**
 * Phone groups (spec §3 Phone group, §7 `/user/ph/phone_data/group`): the customer's own labels
 * for sorting phones, unknown to the cloud. A phone names its group in `resources.spec.groupId`;
 * deleting a group ungroups its phones in the same transaction.
 */
import { ErrorCode, UNGROUPED, type PhoneGroup, type PhoneGroupList } from '@cloudbay/contracts';
import type pg from 'pg';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { phoneGroups, resources } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { findUserById } from '../identity/repo';
import { PHONE_GROUP_REFERENCE, countLiveBy, findResourcesOfUser } from '../provisioning/repo';

type PhoneGroupRow = typeof phoneGroups.$inferSelect;

const notFound = () => new AppError('not_found', ErrorCode.PHONE_GROUP_NOT_FOUND);

function rethrowNameTaken(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION)
    throw new AppError('conflict', ErrorCode.PHONE_GROUP_NAME_TAKEN);
  throw error;
}

const toPhoneGroup = (row: PhoneGroupRow, phoneCount: number): PhoneGroup => ({
  id: row.id,
  name: row.name,
  phone_count: phoneCount,
  created_at: row.createdAt.toISOString(),
});

/**
 * One of the caller's groups, else 404. With `share` the row is locked until the transaction
 * ends, so a concurrent delete cannot leave phones naming a group that is gone.
 */
async function groupOfUser(db: Db, userId: number, groupId: number, share = false): Promise<PhoneGroupRow> {
  const query = db
    .select()
    .from(phoneGroups)
    .where(and(eq(phoneGroups.id, groupId), eq(phoneGroups.userId, userId)));
  const [row] = share ? await query.for('share') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * The group a purchase or an edit asks for: null for none (absent or UNGROUPED), else one of the
 * caller's (404 PHONE_GROUP_NOT_FOUND), share-locked when `db` is a transaction's.
 */
export async function resolvePhoneGroup(
  db: Db,
  userId: number,
  groupId: number | undefined,
): Promise<number | null> {
  if (groupId === undefined || groupId === UNGROUPED) return null;
  return (await groupOfUser(db, userId, groupId, true)).id;
}

/** GET /user/ph/phone_data/group: the groups, oldest first, and the ungrouped phones, counted in one query. */
export async function listPhoneGroups(db: Db, userId: number): Promise<PhoneGroupList> {
  const [rows, counts] = await Promise.all([
    db.select().from(phoneGroups).where(eq(phoneGroups.userId, userId)).orderBy(asc(phoneGroups.id)),
    countLiveBy(db, userId, 'phone', PHONE_GROUP_REFERENCE),
  ]);
  return {
    list: rows.map((row) => toPhoneGroup(row, counts.get(String(row.id)) ?? 0)),
    ungrouped_count: counts.get(null) ?? 0,
  };
}

/**
 * The main account a sub-account acts for on the `/son_account/…` phone paths (spec §6 isSon);
 * a main account calling them gets 403 SUB_ACCOUNT_ONLY.
 */
export async function mainAccountOf(db: Db, userId: number): Promise<number> {
  const user = await findUserById(db, userId);
  if (!user?.isSon || user.parentId === null) throw new AppError('forbidden', ErrorCode.SUB_ACCOUNT_ONLY);
  return user.parentId;
}

/** GET /user/son_account/phone_data/group: a sub-account sees its main account's groups. */
export async function listSubAccountPhoneGroups(db: Db, userId: number): Promise<PhoneGroupList> {
  return listPhoneGroups(db, await mainAccountOf(db, userId));
}

/** POST /user/ph/phone_data/group (409 PHONE_GROUP_NAME_TAKEN, whatever the case). */
export async function createPhoneGroup(db: Db, userId: number, name: string): Promise<PhoneGroup> {
  const [row] = await db.insert(phoneGroups).values({ userId, name }).returning().catch(rethrowNameTaken);
  return toPhoneGroup(row!, 0);
}

/** PUT /user/ph/phone_data/group/{id}. */
export async function renamePhoneGroup(
  db: Db,
  userId: number,
  groupId: number,
  name: string,
): Promise<PhoneGroup> {
  const [row] = await db
    .update(phoneGroups)
    .set({ name })
    .where(and(eq(phoneGroups.id, groupId), eq(phoneGroups.userId, userId)))
    .returning()
    .catch(rethrowNameTaken);
  if (!row) throw notFound();
  const counts = await countLiveBy(db, userId, 'phone', PHONE_GROUP_REFERENCE, [String(row.id)]);
  return toPhoneGroup(row, counts.get(String(row.id)) ?? 0);
}

/** Removes or sets `groupId` in the phones' specs (a jsonb edit: other spec keys are untouched). */
function setGroupOf(db: Db, where: ReturnType<typeof and>, groupId: number | null) {
  const spec =
    groupId === null
      ? sql`${resources.spec} - 'groupId'`
      : sql`jsonb_set(${resources.spec}, '{groupId}', to_jsonb(${groupId}::bigint))`;
  return db
    .update(resources)
    .set({ spec: spec as unknown as Record<string, unknown>, updatedAt: sql`now()` })
    .where(where)
    .returning({ id: resources.id });
}

/** DELETE /user/ph/phone_data/group/{id}: its phones (deleted ones too) become ungrouped with it. */
export async function deletePhoneGroup(pool: pg.Pool, userId: number, groupId: number) {
  await inTransaction(pool, async (tx) => {
    const [gone] = await tx.db
      .delete(phoneGroups)
      .where(and(eq(phoneGroups.id, groupId), eq(phoneGroups.userId, userId)))
      .returning({ id: phoneGroups.id });
    if (!gone) throw notFound();
    await setGroupOf(
      tx.db,
      and(
        eq(resources.userId, userId),
        eq(resources.kind, 'phone'),
        eq(PHONE_GROUP_REFERENCE, String(groupId)),
      ),
      null,
    );
  });
}

/**
 * POST /user/ph/phone_data/group/{id}/phones: the phones into the group (UNGROUPED: out of any),
 * all or none: one phone that is not the caller's answers 404 PHONE_NOT_FOUND and moves nothing.
 */
export async function movePhonesToGroup(
  pool: pg.Pool,
  userId: number,
  groupId: number,
  phoneIds: readonly string[],
): Promise<{ group_id: number | null; moved: number }> {
  return inTransaction(pool, async (tx) => {
    const target = await resolvePhoneGroup(tx.db, userId, groupId);
    const wanted = [...new Set(phoneIds)];
    const phones = await findResourcesOfUser(tx.db, userId, 'phone', wanted);
    if (phones.length !== wanted.length) throw new AppError('not_found', ErrorCode.PHONE_NOT_FOUND);
    const moved = await setGroupOf(
      tx.db,
      and(
        inArray(
          resources.id,
          phones.map((row) => row.id),
        ),
        isNull(resources.deletedAt),
      ),
      target,
    );
    return { group_id: target, moved: moved.length };
  });
}
