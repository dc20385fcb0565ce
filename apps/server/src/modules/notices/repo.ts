/** SQL of the notices module: user_notices, sys_notices and sys_notice_reads. */
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { sysNoticeReads, sysNotices, userNotices, users } from '../../db/schema';

export type UserNoticeRow = typeof userNotices.$inferSelect;
export type SysNoticeRow = typeof sysNotices.$inferSelect;
export type NewUserNotice = Omit<typeof userNotices.$inferInsert, 'id' | 'readAt' | 'createdAt'>;
type NoticeValues = Pick<SysNoticeRow, 'titleZh' | 'titleEn' | 'contentZh' | 'contentEn' | 'status'>;

/** A page is `limit` rows after `offset`. */
interface Slice {
  offset: number;
  limit: number;
}

// User notices

export async function insertUserNotice(db: Db, values: NewUserNotice) {
  const [row] = await db.insert(userNotices).values(values).returning({ id: userNotices.id });
  return row!.id;
}

/**
 * One notice for every user that `recipients` selects (a query answering one `id` column), in one
 * INSERT … SELECT; answers how many were made.
 */
export async function insertUserNoticeForEach(
  db: Db,
  recipients: SQL,
  text: Omit<NewUserNotice, 'userId'>,
): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO ${userNotices} (user_id, kind, title_zh, title_en, content_zh, content_en)
    SELECT r.id, ${text.kind}, ${text.titleZh}, ${text.titleEn}, ${text.contentZh}, ${text.contentEn}
    FROM (${recipients}) AS r`);
  return result.rowCount ?? 0;
}

function userNoticeFilter(userId: number, isRead?: number) {
  const read =
    isRead === undefined
      ? undefined
      : isRead === 1
        ? isNotNull(userNotices.readAt)
        : isNull(userNotices.readAt);
  return and(eq(userNotices.userId, userId), read);
}

/** The user's notices, newest first. */
export function findUserNotices(db: Db, userId: number, isRead: number | undefined, slice: Slice) {
  return db
    .select()
    .from(userNotices)
    .where(userNoticeFilter(userId, isRead))
    .orderBy(desc(userNotices.createdAt), desc(userNotices.id))
    .limit(slice.limit)
    .offset(slice.offset);
}

export async function countUserNotices(db: Db, userId: number, isRead?: number) {
  const [row] = await db.select({ n: count() }).from(userNotices).where(userNoticeFilter(userId, isRead));
  return row!.n;
}

/** The bell's number; served by the partial index on unread notices. */
export function countUnreadNotices(db: Db, userId: number) {
  return countUserNotices(db, userId, 0);
}

/** Marks one of the user's notices read, keeping the first read time; false when it is not theirs. */
export async function markUserNoticeRead(db: Db, userId: number, noticeId: number): Promise<boolean> {
  const rows = await db
    .update(userNotices)
    .set({ readAt: sql`coalesce(${userNotices.readAt}, now())` })
    .where(and(eq(userNotices.id, noticeId), eq(userNotices.userId, userId)))
    .returning({ id: userNotices.id });
  return rows.length > 0;
}

export async function markAllUserNoticesRead(db: Db, userId: number) {
  await db
    .update(userNotices)
    .set({ readAt: sql`now()` })
    .where(and(eq(userNotices.userId, userId), isNull(userNotices.readAt)));
}

// Announcements

/** Published announcements the user has not read, newest first. */
export function findUnreadSysNotices(db: Db, userId: number, limit: number) {
  const read = db
    .select({ one: sql`1` })
    .from(sysNoticeReads)
    .where(and(eq(sysNoticeReads.noticeId, sysNotices.id), eq(sysNoticeReads.userId, userId)));
  return db
    .select()
    .from(sysNotices)
    .where(and(eq(sysNotices.status, '0'), sql`not exists (${read})`))
    .orderBy(desc(sysNotices.createdAt), desc(sysNotices.id))
    .limit(limit);
}

/**
 * Records that the user read the given announcements (again is harmless); answers how many of
 * the ids are published announcements.
 */
export async function recordSysNoticeReads(db: Db, userId: number, ids: number[]): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    WITH valid AS (
      SELECT id FROM ${sysNotices} WHERE id = ANY(${sql.param(ids)}::bigint[]) AND status = '0'
    ), recorded AS (
      INSERT INTO ${sysNoticeReads} (notice_id, user_id)
      SELECT id, ${userId} FROM valid
      ON CONFLICT DO NOTHING
    )
    SELECT count(*)::int AS n FROM valid`);
  return result.rows[0]!.n;
}

export interface SysNoticeFilter {
  title?: string;
  status?: string;
  noticeType?: string;
  author?: string;
}

function sysNoticeFilter(filter: SysNoticeFilter) {
  const pattern = filter.title ? containsPattern(filter.title) : undefined;
  const author = filter.author ? containsPattern(filter.author) : undefined;
  return and(
    pattern ? or(ilike(sysNotices.titleZh, pattern), ilike(sysNotices.titleEn, pattern)) : undefined,
    filter.status ? eq(sysNotices.status, filter.status) : undefined,
    filter.noticeType ? eq(sysNotices.noticeType, filter.noticeType) : undefined,
    author ? or(ilike(users.email, author), ilike(users.nickname, author)) : undefined,
  );
}

/** An announcement with its author's e-mail and how many have read it (one index lookup per row). */
const adminColumns = {
  notice: sysNotices,
  author: users.email,
  readCount: sql<number>`(SELECT count(*)::int FROM ${sysNoticeReads} WHERE ${sysNoticeReads.noticeId} = ${sysNotices.id})`,
};
export type SysNoticeAdminRow = { notice: SysNoticeRow; author: string | null; readCount: number };

export function findSysNotices(db: Db, filter: SysNoticeFilter, slice: Slice): Promise<SysNoticeAdminRow[]> {
  return db
    .select(adminColumns)
    .from(sysNotices)
    .leftJoin(users, eq(users.id, sysNotices.createdBy))
    .where(sysNoticeFilter(filter))
    .orderBy(desc(sysNotices.createdAt), desc(sysNotices.id))
    .limit(slice.limit)
    .offset(slice.offset);
}

export async function countSysNotices(db: Db, filter: SysNoticeFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(sysNotices)
    .leftJoin(users, eq(users.id, sysNotices.createdBy))
    .where(sysNoticeFilter(filter));
  return row!.n;
}

export async function findSysNotice(db: Db, id: number): Promise<SysNoticeAdminRow | undefined> {
  const [row] = await db
    .select(adminColumns)
    .from(sysNotices)
    .leftJoin(users, eq(users.id, sysNotices.createdBy))
    .where(eq(sysNotices.id, id));
  return row;
}

export async function sysNoticeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: sysNotices.id }).from(sysNotices).where(eq(sysNotices.id, id));
  return row !== undefined;
}

/** The accounts that have read an announcement, latest first. */
export async function findSysNoticeReaders(db: Db, noticeId: number, slice: Slice) {
  const where = eq(sysNoticeReads.noticeId, noticeId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        email: users.email,
        nickname: users.nickname,
        readAt: sysNoticeReads.readAt,
      })
      .from(sysNoticeReads)
      .innerJoin(users, eq(users.id, sysNoticeReads.userId))
      .where(where)
      .orderBy(desc(sysNoticeReads.readAt), desc(sysNoticeReads.userId))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(sysNoticeReads).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertSysNotice(db: Db, values: NoticeValues & { createdBy?: number }) {
  const [row] = await db.insert(sysNotices).values(values).returning();
  return row!;
}

export async function updateSysNotice(db: Db, id: number, values: NoticeValues) {
  const [row] = await db
    .update(sysNotices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sysNotices.id, id))
    .returning();
  return row;
}

export async function deleteSysNotices(db: Db, ids: number[]): Promise<number> {
  const rows = await db
    .delete(sysNotices)
    .where(inArray(sysNotices.id, ids))
    .returning({ id: sysNotices.id });
  return rows.length;
}
