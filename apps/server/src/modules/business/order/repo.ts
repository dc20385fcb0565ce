/** SQL of the operators' orders: every customer's orders in the operator's scope, with the customer. */
import { and, count, desc, eq, gte, like, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prefixPattern } from '../../../db/like';
import { ledgerTransactions, orders, users } from '../../../db/schema';
import type { OrderRow } from '../../orders/repo';
import { belowRow } from '../scope';

export interface BizOrderCriteria {
  scope: SQL;
  noPrefix?: string;
  emailPrefix?: string;
  productType?: string;
  status?: string;
  resourceStatus?: string;
  minPaidMicros?: bigint;
  maxPaidMicros?: bigint;
  from?: Date;
  before?: Date;
}

export type BizOrderRow = OrderRow & { email: string };

function where(c: BizOrderCriteria, belowId?: number) {
  return and(
    c.scope,
    c.noPrefix === undefined ? undefined : like(orders.no, prefixPattern(c.noPrefix)),
    c.emailPrefix === undefined ? undefined : like(users.email, prefixPattern(c.emailPrefix)),
    c.productType === undefined ? undefined : eq(orders.productType, c.productType),
    c.status === undefined ? undefined : eq(orders.status, c.status),
    c.resourceStatus === undefined ? undefined : eq(orders.resourceStatus, c.resourceStatus),
    c.minPaidMicros === undefined ? undefined : gte(orders.paidAmountMicros, c.minPaidMicros),
    c.maxPaidMicros === undefined ? undefined : lte(orders.paidAmountMicros, c.maxPaidMicros),
    c.from === undefined ? undefined : gte(orders.createdAt, c.from),
    c.before === undefined ? undefined : lt(orders.createdAt, c.before),
    belowRow('orders', belowId),
  );
}

const selection = () => ({ order: orders, email: users.email });
const flatten = (rows: Array<{ order: OrderRow; email: string }>): BizOrderRow[] =>
  rows.map((row) => ({ ...row.order, email: row.email }));

/** One page, newest first (orders_created_idx; the customer's filters narrow through users). */
export async function findBizOrders(
  db: Db,
  criteria: BizOrderCriteria,
  page: { offset: number; limit: number },
): Promise<BizOrderRow[]> {
  const rows = await db
    .select(selection())
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where(criteria))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  return flatten(rows);
}

export async function countBizOrders(db: Db, criteria: BizOrderCriteria): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where(criteria));
  return row?.n ?? 0;
}

/** The next export batch after order `belowId`. */
export async function findBizOrderBatch(
  db: Db,
  criteria: BizOrderCriteria,
  belowId: number | undefined,
  limit: number,
): Promise<BizOrderRow[]> {
  const rows = await db
    .select(selection())
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where(criteria, belowId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return flatten(rows);
}

/** One order inside the scope, optionally locked for the caller's transaction. */
export async function findScopedOrder(
  db: Db,
  scope: SQL,
  id: number,
  lock = false,
): Promise<BizOrderRow | undefined> {
  const query = db
    .select(selection())
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, id), scope));
  const [row] = lock ? await query.for('update', { of: orders }) : await query;
  return row ? { ...row.order, email: row.email } : undefined;
}

/** The order's refunds (ledger kind `refund` naming it), oldest first, with the refunding operator. */
export async function findOrderRefunds(db: Db, no: string) {
  // Qualified by hand: drizzle leaves a one-table select's columns bare, which the subqueries shadow.
  const operators = sql<string | null>`(select u.email from users u
    where u.id = (ledger_transactions.metadata->>'operator_id')::bigint)`;
  return db
    .select({
      id: ledgerTransactions.id,
      memo: ledgerTransactions.memo,
      metadata: ledgerTransactions.metadata,
      createdAt: ledgerTransactions.createdAt,
      operator: operators,
      // What reached the wallet (a refund is revenue → wallet, so its wallet entry).
      amountMicros: sql<bigint>`(select coalesce(sum(e.amount_micros), 0)::bigint from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = ledger_transactions.id and a.kind = 'customer_wallet')`.mapWith(
        (value: bigint | string) => BigInt(value),
      ),
    })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.reference, no), eq(ledgerTransactions.kind, 'refund')))
    .orderBy(ledgerTransactions.id);
}
