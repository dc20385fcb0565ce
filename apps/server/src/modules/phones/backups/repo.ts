/** SQL on `phone_backups` (the backup centre's rows), always scoped to their owner. */
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { concurrently } from '../../../db/concurrently';
import { containsPattern } from '../../../db/like';
import { phoneBackups, resources, type PhoneBackupRow } from '../../../db/schema';

export type NewPhoneBackup = typeof phoneBackups.$inferInsert;

/** A backup counts its real size once the cloud reported it, its estimate until then; a failed one nothing. */
const TAKEN_MIB = sql<number>`coalesce(sum(coalesce(${phoneBackups.sizeMib}, ${phoneBackups.estimateMib})) filter (where ${phoneBackups.status} <> 'failed'), 0)::int`;

/** MiB the live backups of each space take (one grouped query on the space index). */
export async function usedMibOf(db: Db, spaceIds: number[]): Promise<Map<number, number>> {
  if (spaceIds.length === 0) return new Map();
  const rows = await db
    .select({ spaceId: phoneBackups.spaceId, used: TAKEN_MIB })
    .from(phoneBackups)
    .where(and(inArray(phoneBackups.spaceId, spaceIds), isNull(phoneBackups.deletedAt)))
    .groupBy(phoneBackups.spaceId);
  return new Map(rows.map((row) => [row.spaceId, row.used]));
}

/** What each phone's last backup of known size took (MiB): the estimate of its next one. */
export async function lastSizesOf(db: Db, phoneResourceIds: number[]): Promise<Map<number, number>> {
  if (phoneResourceIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([phoneBackups.phoneResourceId], {
      phone: phoneBackups.phoneResourceId,
      size: phoneBackups.sizeMib,
    })
    .from(phoneBackups)
    .where(
      and(inArray(phoneBackups.phoneResourceId, phoneResourceIds), sql`${phoneBackups.sizeMib} is not null`),
    )
    .orderBy(phoneBackups.phoneResourceId, desc(phoneBackups.createdAt));
  return new Map(rows.map((row) => [row.phone, row.size!]));
}

export interface BackupListCriteria {
  userId: number;
  name?: string;
  phoneId?: string;
  status?: string;
}

function listWhere(criteria: BackupListCriteria): SQL | undefined {
  return and(
    eq(phoneBackups.userId, criteria.userId),
    isNull(phoneBackups.deletedAt),
    criteria.name === undefined ? undefined : ilike(phoneBackups.name, containsPattern(criteria.name)),
    criteria.phoneId === undefined ? undefined : eq(phoneBackups.phoneId, criteria.phoneId),
    criteria.status === undefined ? undefined : eq(phoneBackups.status, criteria.status),
  );
}

/** A page of the customer's live backups, newest first, with their phone's name. */
export async function findBackupPage(
  db: Db,
  criteria: BackupListCriteria,
  page: { page: number; limit: number },
): Promise<{ rows: { backup: PhoneBackupRow; phoneName: string | null }[]; total: number }> {
  const where = listWhere(criteria);
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select({ backup: phoneBackups, phoneName: resources.name })
        .from(phoneBackups)
        .leftJoin(resources, eq(resources.id, phoneBackups.phoneResourceId))
        .where(where)
        .orderBy(desc(phoneBackups.createdAt), desc(phoneBackups.id))
        .offset((page.page - 1) * page.limit)
        .limit(page.limit),
    () => db.select({ n: count() }).from(phoneBackups).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

/** One of the customer's live backups (`lock`: FOR UPDATE), or undefined for another's or a deleted one. */
export async function findBackupOfUser(
  db: Db,
  userId: number,
  backupId: string,
  options: { lock?: boolean } = {},
): Promise<PhoneBackupRow | undefined> {
  const query = db
    .select()
    .from(phoneBackups)
    .where(
      and(
        eq(phoneBackups.backupId, backupId),
        eq(phoneBackups.userId, userId),
        isNull(phoneBackups.deletedAt),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The backup whose latest task is `taskId` (the backup runner's). */
export async function findBackupByTask(db: Db, taskId: number): Promise<PhoneBackupRow | undefined> {
  const [row] = await db.select().from(phoneBackups).where(eq(phoneBackups.taskId, taskId));
  return row;
}

export async function findBackupById(db: Db, id: number): Promise<PhoneBackupRow | undefined> {
  const [row] = await db.select().from(phoneBackups).where(eq(phoneBackups.id, id));
  return row;
}

/**
 * Backups whose task the task core ended without their runner (timed out, or failed after its
 * retries) are settled from the task: one being made failed (its room freed), one being restored
 * available again. Run before the customer's backups are read or counted.
 */
export async function settleOrphans(db: Db, userId: number): Promise<void> {
  await db.execute(sql`
    UPDATE phone_backups b
       SET status = CASE WHEN b.status = 'creating' THEN 'failed' ELSE 'available' END, updated_at = now()
      FROM phone_tasks t
     WHERE t.id = b.task_id
       AND b.user_id = ${userId}
       AND b.deleted_at IS NULL
       AND b.status IN ('creating', 'recovering')
       AND t.status IN ('success', 'failed')`);
}

export async function insertBackups(db: Db, rows: NewPhoneBackup[]): Promise<PhoneBackupRow[]> {
  return db.insert(phoneBackups).values(rows).returning();
}

export async function updateBackup(
  db: Db,
  id: number,
  patch: Partial<Omit<NewPhoneBackup, 'id' | 'userId' | 'backupId'>>,
): Promise<PhoneBackupRow> {
  const [row] = await db
    .update(phoneBackups)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(phoneBackups.id, id))
    .returning();
  return row!;
}

/** A released space's backups go with it (its deletion's transaction). */
export async function releaseBackupsOfSpace(db: Db, spaceId: number, at: Date): Promise<void> {
  await db
    .update(phoneBackups)
    .set({ deletedAt: at, updatedAt: sql`now()` })
    .where(and(eq(phoneBackups.spaceId, spaceId), isNull(phoneBackups.deletedAt)));
}

/** A released space's backups that the cloud holds a copy of. */
export function findReleasedBackupsOfSpace(db: Db, spaceId: number): Promise<PhoneBackupRow[]> {
  return db
    .select()
    .from(phoneBackups)
    .where(and(eq(phoneBackups.spaceId, spaceId), isNotNull(phoneBackups.instanceId)));
}
