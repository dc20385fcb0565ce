/** SQL of the posts (job titles) and who holds them. */
import { and, asc, count, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { posts, userPosts } from '../../../db/schema';

export type PostRow = typeof posts.$inferSelect;
export type PostValues = Omit<typeof posts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export interface PostFilter {
  postCode?: string;
  postName?: string;
  status?: string;
}

function whereOf(filter: PostFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.postCode) conditions.push(ilike(posts.code, containsPattern(filter.postCode)));
  if (filter.postName) conditions.push(ilike(posts.name, containsPattern(filter.postName)));
  if (filter.status) conditions.push(eq(posts.status, filter.status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listPostRows(db: Db, filter: PostFilter & { page: number; limit: number }) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(posts)
      .where(where)
      .orderBy(asc(posts.sort), asc(posts.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Export: the next rows after `afterId` in id order. */
export async function findPostBatch(db: Db, filter: PostFilter, afterId: number | undefined, limit: number) {
  return db
    .select()
    .from(posts)
    .where(and(whereOf(filter), afterId === undefined ? undefined : gt(posts.id, afterId)))
    .orderBy(asc(posts.id))
    .limit(limit);
}

export async function allPosts(db: Db) {
  return db.select().from(posts).orderBy(asc(posts.sort), asc(posts.id));
}

export async function findPost(db: Db, id: number) {
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  return row;
}

export async function insertPost(db: Db, values: PostValues) {
  const [row] = await db.insert(posts).values(values).returning();
  return row!;
}

export async function updatePostRow(db: Db, id: number, values: PostValues) {
  const [row] = await db
    .update(posts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(posts.id, id))
    .returning();
  return row;
}

/** The first of `ids` some account holds, if any. */
export async function findHeldPost(db: Db, ids: number[]) {
  const [row] = await db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(
      and(inArray(posts.id, ids), sql`EXISTS (SELECT 1 FROM ${userPosts} up WHERE up.post_id = ${posts.id})`),
    )
    .limit(1);
  return row;
}

/** Deletes the posts nobody holds (checked in the statement itself); answers how many went. */
export async function deleteFreePosts(db: Db, ids: number[]): Promise<number> {
  const rows = await db
    .delete(posts)
    .where(
      and(
        inArray(posts.id, ids),
        sql`NOT EXISTS (SELECT 1 FROM ${userPosts} up WHERE up.post_id = ${posts.id})`,
      ),
    )
    .returning({ id: posts.id });
  return rows.length;
}
