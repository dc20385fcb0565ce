/** SQL of orders: the engine's writes and the customer's list, detail and export. */
import { and, count, desc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prefixPattern } from '../../db/like';
import { orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'status' | 'refundedAmountMicros' | 'chargeTransactionId' | 'failure' | 'paidAt' | 'updatedAt'
>;

/** Which of one customer's orders a list or an export shows. */
export interface OrderCriteria {
  userId: number;
  /** The number's beginning (upper case, as numbers are written). */
  noPrefix?: string;
  productType?: string;
  status?: string;
  resourceStatus?: string;
  /** Created at or after. */
  from?: Date;
  /** Created strictly before. */
  before?: Date;
}

/**
 * The row `belowId` and everything after it in list order (newest first) are excluded. The
 * position is read from the row itself, so the comparison keeps the database's microseconds.
 */
function after(belowId: number) {
  return sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from ${orders} o where o.id = ${belowId})`;
}

function where(criteria: OrderCriteria, belowId?: number) {
  const { userId, noPrefix, productType, status, resourceStatus, from, before } = criteria;
  return and(
    eq(orders.userId, userId),
    noPrefix === undefined ? undefined : like(orders.no, prefixPattern(noPrefix)),
    productType === undefined ? undefined : eq(orders.productType, productType),
    status === undefined ? undefined : eq(orders.status, status),
    resourceStatus === undefined ? undefined : eq(orders.resourceStatus, resourceStatus),
    from === undefined ? undefined : gte(orders.createdAt, from),
    before === undefined ? undefined : lt(orders.createdAt, before),
    belowId === undefined ? undefined : after(belowId),
  );
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/** One page, newest first (orders_user_created_idx serves the order and the customer). */
export async function findOrders(
  db: Db,
  criteria: OrderCriteria,
  page: { offset: number; limit: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(where(criteria))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countOrders(db: Db, criteria: OrderCriteria): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(where(criteria));
  return row?.n ?? 0;
}

/** The next `limit` orders after order `belowId` (from the newest when undefined), for exports. */
export async function findOrderBatch(
  db: Db,
  criteria: OrderCriteria,
  belowId: number | undefined,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(where(criteria, belowId))
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function findOrderOfUser(db: Db, userId: number, id: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return row;
}

/**
 * Inserts the order unless its number exists (answers undefined then). A concurrent insert of the
 * same number waits on the unique index until the first transaction ends, so a retried placement
 * sees the first order once it commits.
 */
export async function insertOrderOnce(db: Db, values: NewOrder): Promise<OrderRow | undefined> {
  const [row] = await db.insert(orders).values(values).onConflictDoNothing({ target: orders.no }).returning();
  return row;
}

export async function findOrderByNo(db: Db, no: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.no, no));
  return row;
}

/** The order locked until the caller's transaction ends: its state changes run one at a time. */
export async function lockOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function updateOrder(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      OrderRow,
      | 'status'
      | 'resourceStatus'
      | 'chargeTransactionId'
      | 'paidAt'
      | 'refundedAmountMicros'
      | 'failure'
      | 'resourceIds'
    >
  >,
): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

export async function deleteOrder(db: Db, id: number): Promise<void> {
  await db.delete(orders).where(eq(orders.id, id));
}
