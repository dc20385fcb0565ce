/** SQL of the payments module: topup_orders and payment_callbacks. */
import { TOPUP_STATUS } from '@cloudbay/contracts';
import { and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentCallbacks, topupOrders } from '../../db/schema';

export type TopupOrderRow = typeof topupOrders.$inferSelect;
export type NewTopupOrder = Pick<
  typeof topupOrders.$inferInsert,
  'no' | 'userId' | 'payType' | 'gateway' | 'moneyMicros' | 'expiresAt'
>;
export type GatewayDetails = Pick<
  TopupOrderRow,
  'tradeId' | 'qrcode' | 'address' | 'rateAmount' | 'currency' | 'expiresAt'
>;

export async function insertTopupOrder(db: Db, values: NewTopupOrder): Promise<TopupOrderRow> {
  const [row] = await db.insert(topupOrders).values(values).returning();
  return row!;
}

/** Stores the gateway's answer; the status is left alone (a callback may already have completed it). */
export async function saveGatewayDetails(db: Db, id: number, details: GatewayDetails): Promise<void> {
  await db.update(topupOrders).set(details).where(eq(topupOrders.id, id));
}

/** Marks a still-pending order failed (the gateway refused or could not be reached). */
export async function markOrderFailed(db: Db, id: number, failure: string): Promise<void> {
  await db
    .update(topupOrders)
    .set({ status: TOPUP_STATUS.FAILED, failure })
    .where(and(eq(topupOrders.id, id), eq(topupOrders.status, TOPUP_STATUS.PENDING)));
}

export async function findOrderOfUser(db: Db, id: number, userId: number) {
  const [row] = await db
    .select()
    .from(topupOrders)
    .where(and(eq(topupOrders.id, id), eq(topupOrders.userId, userId)));
  return row;
}

export async function findOrderByNo(db: Db, no: string) {
  const [row] = await db.select().from(topupOrders).where(eq(topupOrders.no, no));
  return row;
}

/** The order row locked until the caller's transaction ends: callbacks for one order run one at a time. */
export async function lockOrderByNo(db: Db, no: string) {
  const [row] = await db.select().from(topupOrders).where(eq(topupOrders.no, no)).for('update');
  return row;
}

/**
 * Serialises the paid callbacks of one customer until the transaction ends, so "is this the first
 * paid top-up?" has one answer even when two orders are paid at the same moment. (The ledger's
 * account locks happen to serialise them too; the bonus rule should not depend on that.)
 */
export async function lockCustomerTopups(db: Db, userId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('topup_orders.user'), ${userId}::int)`);
}

export async function hasOtherPaidOrder(db: Db, userId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: topupOrders.id })
    .from(topupOrders)
    .where(
      and(
        eq(topupOrders.userId, userId),
        eq(topupOrders.status, TOPUP_STATUS.PAID),
        ne(topupOrders.id, orderId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function markOrderPaid(
  db: Db,
  id: number,
  values: Pick<TopupOrderRow, 'paidAt' | 'paidAmount' | 'creditedMicros' | 'bonusMicros' | 'tradeId'>,
): Promise<void> {
  await db
    .update(topupOrders)
    .set({ ...values, status: TOPUP_STATUS.PAID })
    .where(eq(topupOrders.id, id));
}

/** Pending orders past their expiry become timed out; answers how many (one order, or all when `no` is omitted). */
export async function expirePendingOrders(db: Db, now: Date, no?: string): Promise<number> {
  const result = await db
    .update(topupOrders)
    .set({ status: TOPUP_STATUS.TIMEOUT })
    .where(
      and(
        eq(topupOrders.status, TOPUP_STATUS.PENDING),
        lt(topupOrders.expiresAt, now),
        no === undefined ? undefined : eq(topupOrders.no, no),
      ),
    );
  return result.rowCount ?? 0;
}

/** Which of one customer's top-ups a list or an export shows. */
export interface TopupCriteria {
  userId: number;
  status?: number;
  payType?: string;
  /** Created at or after. */
  from?: Date;
  /** Created strictly before. */
  before?: Date;
}

/**
 * The row `belowId` and everything after it in list order (newest first) are excluded; the
 * position is read from the row itself, so the comparison keeps the database's microseconds.
 */
function after(belowId: number) {
  return sql`(${topupOrders.createdAt}, ${topupOrders.id}) < (select t.created_at, t.id from ${topupOrders} t where t.id = ${belowId})`;
}

function topupWhere(criteria: TopupCriteria, belowId?: number) {
  const { userId, status, payType, from, before } = criteria;
  return and(
    eq(topupOrders.userId, userId),
    status === undefined ? undefined : eq(topupOrders.status, status),
    payType === undefined ? undefined : eq(topupOrders.payType, payType),
    from === undefined ? undefined : gte(topupOrders.createdAt, from),
    before === undefined ? undefined : lt(topupOrders.createdAt, before),
    belowId === undefined ? undefined : after(belowId),
  );
}

const newestFirst = [desc(topupOrders.createdAt), desc(topupOrders.id)];

/** One page of the customer's top-ups, newest first (topup_orders_user_created_idx). */
export async function findOrdersOfUser(
  db: Db,
  criteria: TopupCriteria,
  page: { offset: number; limit: number },
) {
  return db
    .select()
    .from(topupOrders)
    .where(topupWhere(criteria))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countOrdersOfUser(db: Db, criteria: TopupCriteria): Promise<number> {
  const [row] = await db.select({ n: count() }).from(topupOrders).where(topupWhere(criteria));
  return row?.n ?? 0;
}

/** The next `limit` top-ups after top-up `belowId` (from the newest when undefined), for exports. */
export async function findTopupBatch(
  db: Db,
  criteria: TopupCriteria,
  belowId: number | undefined,
  limit: number,
): Promise<TopupOrderRow[]> {
  return db
    .select()
    .from(topupOrders)
    .where(topupWhere(criteria, belowId))
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function insertCallbackLog(
  db: Db,
  values: { gateway: string; orderNo: string | null; payload: Record<string, unknown>; verdict: string },
): Promise<void> {
  await db.insert(paymentCallbacks).values(values);
}
