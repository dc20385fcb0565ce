/** SQL of the operators' top-ups: every customer's top-up orders in the scope, and their callbacks. */
import { and, asc, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prefixPattern } from '../../../db/like';
import { paymentCallbacks, topupOrders, users } from '../../../db/schema';
import type { TopupOrderRow } from '../../payments/repo';
import { belowRow } from '../scope';

export interface BizTopupCriteria {
  scope: SQL;
  noPrefix?: string;
  emailPrefix?: string;
  tradeId?: string;
  gateway?: string;
  status?: number;
  payType?: string;
  from?: Date;
  before?: Date;
}

export type BizTopupRow = TopupOrderRow & { email: string };

function where(c: BizTopupCriteria, belowId?: number) {
  return and(
    c.scope,
    c.noPrefix === undefined ? undefined : like(topupOrders.no, prefixPattern(c.noPrefix)),
    c.emailPrefix === undefined ? undefined : like(users.email, prefixPattern(c.emailPrefix)),
    c.tradeId === undefined ? undefined : eq(topupOrders.tradeId, c.tradeId),
    c.gateway === undefined ? undefined : eq(topupOrders.gateway, c.gateway),
    c.status === undefined ? undefined : eq(topupOrders.status, c.status),
    c.payType === undefined ? undefined : eq(topupOrders.payType, c.payType),
    c.from === undefined ? undefined : gte(topupOrders.createdAt, c.from),
    c.before === undefined ? undefined : lt(topupOrders.createdAt, c.before),
    belowRow('topup_orders', belowId),
  );
}

const selection = () => ({ order: topupOrders, email: users.email });
const flatten = (rows: Array<{ order: TopupOrderRow; email: string }>): BizTopupRow[] =>
  rows.map((row) => ({ ...row.order, email: row.email }));

function scoped(db: Db) {
  return db.select(selection()).from(topupOrders).innerJoin(users, eq(users.id, topupOrders.userId));
}

export async function findBizTopups(
  db: Db,
  criteria: BizTopupCriteria,
  page: { offset: number; limit: number },
): Promise<BizTopupRow[]> {
  const rows = await scoped(db)
    .where(where(criteria))
    .orderBy(desc(topupOrders.createdAt), desc(topupOrders.id))
    .limit(page.limit)
    .offset(page.offset);
  return flatten(rows);
}

export async function countBizTopups(db: Db, criteria: BizTopupCriteria): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(topupOrders)
    .innerJoin(users, eq(users.id, topupOrders.userId))
    .where(where(criteria));
  return row?.n ?? 0;
}

export async function findBizTopupBatch(
  db: Db,
  criteria: BizTopupCriteria,
  belowId: number | undefined,
  limit: number,
): Promise<BizTopupRow[]> {
  const rows = await scoped(db)
    .where(where(criteria, belowId))
    .orderBy(desc(topupOrders.createdAt), desc(topupOrders.id))
    .limit(limit);
  return flatten(rows);
}

export async function findScopedTopup(db: Db, scope: SQL, id: number): Promise<BizTopupRow | undefined> {
  const [row] = await scoped(db).where(and(eq(topupOrders.id, id), scope));
  return row ? { ...row.order, email: row.email } : undefined;
}

/** Every callback logged for the order number, oldest first (payment_callbacks_order_idx). */
export async function findCallbacksOfOrder(db: Db, no: string) {
  return db
    .select()
    .from(paymentCallbacks)
    .where(eq(paymentCallbacks.orderNo, no))
    .orderBy(asc(paymentCallbacks.id))
    .limit(200);
}

/** The operator's e-mail, for the callback history's reconcile entry. */
export async function operatorEmail(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email ?? String(id);
}
