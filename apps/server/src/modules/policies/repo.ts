/**
 * SQL on `desktop_policies`: the customer's default policy (made on first use, race-free), the
 * list with its filter, the name rules' writes and the upstream group's id.
 */
import { and, count, desc, eq, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { desktopPolicies } from '../../db/schema';
import { newResourceId } from '../provisioning/service';

export type PolicyRow = typeof desktopPolicies.$inferSelect;
export type NewPolicy = typeof desktopPolicies.$inferInsert;

/**
 * What every default policy is stored as. The name is kept neutral (English) and answered in the
 * caller's language (service.ts), so one row serves both languages; its permissions let the user
 * use the clipboard, the local drives and USB devices both ways, as a desktop without a policy would.
 */
export const DEFAULT_POLICY = {
  name: 'Default policy',
  clipboard: 'readwrite',
  localDrive: 'readwrite',
  usbRedirect: true,
} as const;

export async function findDefaultPolicy(db: Db, userId: number): Promise<PolicyRow | undefined> {
  const [row] = await db
    .select()
    .from(desktopPolicies)
    .where(and(eq(desktopPolicies.userId, userId), eq(desktopPolicies.isDefault, true)));
  return row;
}

/**
 * The customer's default policy, inserted on first use. Concurrent first uses (two purchases, a
 * purchase and the list) race on the partial unique index `desktop_policies_one_default`: the
 * losers' inserts do nothing and their next read sees the winner's row.
 */
export async function ensureDefaultPolicy(db: Db, userId: number): Promise<PolicyRow> {
  const existing = await findDefaultPolicy(db, userId);
  if (existing) return existing;
  await db
    .insert(desktopPolicies)
    .values({ ...DEFAULT_POLICY, policyId: newResourceId('policy'), userId, isDefault: true })
    .onConflictDoNothing();
  const row = await findDefaultPolicy(db, userId);
  if (!row) throw new Error(`the default policy of user ${userId} could not be made`);
  return row;
}

/** One of the customer's policies by its public id (another customer's answers undefined). */
export async function findPolicyOfUser(
  db: Db,
  userId: number,
  policyId: string,
  options: { lock?: boolean } = {},
): Promise<PolicyRow | undefined> {
  const query = db
    .select()
    .from(desktopPolicies)
    .where(and(eq(desktopPolicies.userId, userId), eq(desktopPolicies.policyId, policyId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export interface PolicyListCriteria {
  userId: number;
  /** Part of the name, case-insensitive. */
  name?: string;
  /** Whether the default policy's name (in the caller's language) matches `name`. */
  defaultMatches: boolean;
}

function listWhere(criteria: PolicyListCriteria): SQL | undefined {
  const mine = eq(desktopPolicies.userId, criteria.userId);
  if (criteria.name === undefined) return mine;
  // The default policy is matched by the name the caller reads, not the stored one.
  const named = and(
    not(desktopPolicies.isDefault),
    ilike(desktopPolicies.name, containsPattern(criteria.name)),
  );
  return and(mine, criteria.defaultMatches ? or(named, desktopPolicies.isDefault) : named);
}

/** A page of the customer's policies: the default first, then the newest. */
export function findPolicyPage(
  db: Db,
  criteria: PolicyListCriteria,
  page: { offset: number; limit: number },
): Promise<PolicyRow[]> {
  return db
    .select()
    .from(desktopPolicies)
    .where(listWhere(criteria))
    .orderBy(desc(desktopPolicies.isDefault), desc(desktopPolicies.createdAt), desc(desktopPolicies.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countPolicies(db: Db, criteria: PolicyListCriteria): Promise<number> {
  const [row] = await db.select({ n: count() }).from(desktopPolicies).where(listWhere(criteria));
  return row?.n ?? 0;
}

export async function insertPolicy(db: Db, row: NewPolicy): Promise<PolicyRow> {
  const [inserted] = await db.insert(desktopPolicies).values(row).returning();
  return inserted!;
}

export type PolicyPatch = Partial<Pick<PolicyRow, 'name' | 'clipboard' | 'localDrive' | 'usbRedirect'>>;

/** Changes a policy; `updated_at` moves, which names a new version of it upstream (upstream.ts). */
export async function updatePolicy(db: Db, id: number, patch: PolicyPatch): Promise<PolicyRow> {
  const [row] = await db
    .update(desktopPolicies)
    .set({ ...patch, updatedAt: sql`clock_timestamp()` })
    .where(eq(desktopPolicies.id, id))
    .returning();
  return row!;
}

/**
 * Records the upstream group unless one was recorded first (concurrent first uses may each have
 * asked the cloud): answers the row with the group that won.
 */
export async function recordInstance(db: Db, id: number, instanceId: string): Promise<PolicyRow> {
  const [row] = await db
    .update(desktopPolicies)
    .set({ instanceId: sql`coalesce(${desktopPolicies.instanceId}, ${instanceId})` })
    .where(eq(desktopPolicies.id, id))
    .returning();
  return row!;
}

/** A new version of a policy that has no upstream group yet (the next create asks with a new token). */
export async function touchPolicy(db: Db, id: number): Promise<void> {
  await db
    .update(desktopPolicies)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(and(eq(desktopPolicies.id, id), sql`${desktopPolicies.instanceId} is null`));
}

export async function deletePolicy(db: Db, id: number): Promise<void> {
  await db.delete(desktopPolicies).where(eq(desktopPolicies.id, id));
}
