/** SQL of sub-accounts (issue 21): accounts under a main account, their bindings and charges. */
import type { SubAccountPermission, SubAccountResourceKind } from '@cloudbay/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resources, sessions, subAccountDesktops, subAccountPhones, users } from '../../db/schema';
import { containsPattern } from '../../db/like';

/** The binding table of a kind: desktops and phones are bound alike. */
export const bindingTableOf = (kind: SubAccountResourceKind) =>
  kind === 'desktop' ? subAccountDesktops : subAccountPhones;

/** The main account's sub-account `subUserId`, if it is one of its own. */
export async function findSubAccount(db: Db, mainUserId: number, subUserId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, subUserId), eq(users.parentId, mainUserId)));
  return row;
}

/** The sub-accounts among `ids` that are the main account's (others are left out). */
export function findSubAccounts(db: Db, mainUserId: number, ids: readonly number[]) {
  return db
    .select({ id: users.id, nickname: users.nickname, status: users.status })
    .from(users)
    .where(and(eq(users.parentId, mainUserId), inArray(users.id, [...ids])));
}

/** The sub-account a main account's e-mail and a nickname sign in as (case-insensitive nickname). */
export async function findSubAccountForLogin(db: Db, mainEmail: string, nickname: string) {
  const result = await db.execute<{ id: string }>(sql`
    SELECT s.id FROM users s JOIN users m ON m.id = s.parent_id
    WHERE m.email = ${mainEmail} AND m.parent_id IS NULL AND lower(s.nickname) = lower(${nickname})`);
  const id = result.rows[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.id, Number(id)));
  return row;
}

export async function countSubAccounts(db: Db, mainUserId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.parentId, mainUserId));
  return row?.n ?? 0;
}

export interface SubAccountListRow {
  id: number;
  nickname: string;
  remark: string | null;
  status: string;
  spendCapMicros: bigint;
  spentMicros: bigint;
  onlineCount: number;
  createdAt: Date;
  lastLoginAt: Date | null;
}

/** A page of the main account's sub-accounts, newest first, and the total. */
export async function findSubAccountPage(
  db: Db,
  mainUserId: number,
  filter: { nickname?: string; status?: string; monthStart: Date; offset: number; limit: number },
): Promise<{ rows: SubAccountListRow[]; total: number }> {
  const where = and(
    eq(users.parentId, mainUserId),
    filter.nickname === undefined
      ? undefined
      : sql`${users.nickname} ilike ${containsPattern(filter.nickname)}`,
    filter.status === undefined ? undefined : eq(users.status, filter.status),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        nickname: users.nickname,
        remark: users.remark,
        status: users.status,
        spendCapMicros: users.spendCapMicros,
        spentMicros: sql<string>`(SELECT coalesce(sum(c.amount_micros), 0) FROM sub_account_charges c
          WHERE c.sub_user_id = users.id AND c.created_at >= ${filter.monthStart})`,
        onlineCount: sql<number>`(SELECT count(*)::int FROM ${sessions} s
          WHERE s.user_id = users.id AND s.revoked_at IS NULL AND s.expires_at > now())`,
        createdAt: users.createdAt,
        lastLoginAt: users.lastLoginAt,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.createdAt} desc, ${users.id} desc`)
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, spentMicros: BigInt(row.spentMicros) })),
    total: counted?.n ?? 0,
  };
}

export interface BindingRow {
  subUserId: number;
  kind: SubAccountResourceKind;
  resourceId: string;
  name: string;
  permissions: string[];
  boundAt: Date;
}

/** Every live binding of the sub-accounts, desktops then phones, in binding order. */
export async function findBindings(db: Db, subUserIds: readonly number[]): Promise<BindingRow[]> {
  if (subUserIds.length === 0) return [];
  const ofKind = async (kind: SubAccountResourceKind) => {
    const table = bindingTableOf(kind);
    const rows = await db
      .select({
        subUserId: table.subUserId,
        resourceId: resources.resourceId,
        name: resources.name,
        permissions: table.permissions,
        boundAt: table.createdAt,
      })
      .from(table)
      .innerJoin(resources, eq(resources.id, table.resourceId))
      .where(and(inArray(table.subUserId, [...subUserIds]), isNull(resources.deletedAt)))
      .orderBy(table.createdAt, resources.id);
    return rows.map((row) => ({ ...row, kind }));
  };
  return [...(await ofKind('desktop')), ...(await ofKind('phone'))];
}

/** The main account's live resources of a kind among the public ids (others are left out). */
export function findOwnResources(db: Db, mainUserId: number, kind: string, publicIds: readonly string[]) {
  return db
    .select({ id: resources.id, resourceId: resources.resourceId })
    .from(resources)
    .where(
      and(
        eq(resources.userId, mainUserId),
        eq(resources.kind, kind),
        inArray(resources.resourceId, [...publicIds]),
        isNull(resources.deletedAt),
      ),
    );
}

/** Binds, or sets the permissions of an existing binding; answers how many rows were written. */
export async function upsertBindings(
  db: Db,
  kind: SubAccountResourceKind,
  subUserId: number,
  resourceIds: readonly number[],
  permissions: readonly SubAccountPermission[],
): Promise<number> {
  if (resourceIds.length === 0) return 0;
  const table = bindingTableOf(kind);
  const rows = await db
    .insert(table)
    .values(resourceIds.map((resourceId) => ({ subUserId, resourceId, permissions: [...permissions] })))
    .onConflictDoUpdate({
      target: [table.subUserId, table.resourceId],
      set: { permissions: [...permissions] },
    })
    .returning({ resourceId: table.resourceId });
  return rows.length;
}

export async function deleteBindings(
  db: Db,
  kind: SubAccountResourceKind,
  subUserId: number,
  resourceIds?: readonly number[],
): Promise<number> {
  const table = bindingTableOf(kind);
  const rows = await db
    .delete(table)
    .where(
      and(
        eq(table.subUserId, subUserId),
        resourceIds === undefined ? undefined : inArray(table.resourceId, [...resourceIds]),
      ),
    )
    .returning({ resourceId: table.resourceId });
  return rows.length;
}

/** Replaces the permissions of every binding of the sub-accounts. */
export async function setAllPermissions(
  db: Db,
  subUserIds: readonly number[],
  permissions: readonly SubAccountPermission[],
) {
  for (const kind of ['desktop', 'phone'] as const) {
    const table = bindingTableOf(kind);
    await db
      .update(table)
      .set({ permissions: [...permissions] })
      .where(inArray(table.subUserId, [...subUserIds]));
  }
}

/**
 * The binding of a sub-account to resources of a kind (public ids), with their permissions; ids
 * not bound (or not its main account's, or deleted) are absent.
 */
export async function findBoundResources(
  db: Db,
  kind: SubAccountResourceKind,
  subUserId: number,
  publicIds: readonly string[],
) {
  const table = bindingTableOf(kind);
  return db
    .select({ resourceId: resources.resourceId, permissions: table.permissions })
    .from(table)
    .innerJoin(resources, eq(resources.id, table.resourceId))
    .innerJoin(users, eq(users.id, table.subUserId))
    .where(
      and(
        eq(table.subUserId, subUserId),
        // A binding counts only while the resource is still the main account's.
        eq(resources.userId, sql`${users.parentId}`),
        eq(resources.kind, kind),
        inArray(resources.resourceId, [...publicIds]),
        isNull(resources.deletedAt),
      ),
    );
}

/** Ends every live session of the sub-accounts at once. */
export async function revokeSessionsOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(inArray(sessions.userId, [...userIds]), isNull(sessions.revokedAt)));
}

/** The sub-account bound last to a desktop (`resources.id`), if any: who its user passes to. */
export async function latestBoundNickname(db: Db, resourceId: number) {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(subAccountDesktops)
    .innerJoin(users, eq(users.id, subAccountDesktops.subUserId))
    .where(eq(subAccountDesktops.resourceId, resourceId))
    .orderBy(sql`${subAccountDesktops.createdAt} desc`)
    .limit(1);
  return row;
}
