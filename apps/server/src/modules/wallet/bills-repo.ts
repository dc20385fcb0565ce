/** SQL of bills: the customer wallet's ledger entries with their transactions, newest first. */
import { and, count, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';
import { findAccountId } from './ledger-repo';
import { CUSTOMER_WALLET } from './service';

/** Which entries of one wallet a list or an export shows. */
export interface BillCriteria {
  accountId: number;
  kind?: string;
  direction?: 'income' | 'expense';
  /** What the movement was for (the transaction's reference, e.g. an order number). */
  reference?: string;
  /** Created at or after. */
  from?: Date;
  /** Created strictly before. */
  before?: Date;
}

const billColumns = {
  id: ledgerEntries.id,
  transactionId: ledgerEntries.transactionId,
  amountMicros: ledgerEntries.amountMicros,
  balanceAfterMicros: ledgerEntries.balanceAfterMicros,
  createdAt: ledgerEntries.createdAt,
  kind: ledgerTransactions.kind,
  reference: ledgerTransactions.reference,
  memo: ledgerTransactions.memo,
  /** The key of a memo the platform wrote (`wallet/memos.ts`), shown in the reader's language. */
  memoKey: sql<string | null>`${ledgerTransactions.metadata} ->> 'memo_key'`,
};
export type BillRow = {
  id: number;
  transactionId: number;
  amountMicros: bigint;
  /** Always set: bills are customer wallet entries (only platform entries have none). */
  balanceAfterMicros: bigint | null;
  createdAt: Date;
  kind: string;
  reference: string | null;
  memo: string | null;
  memoKey: string | null;
};

function where(criteria: BillCriteria, belowId?: number) {
  const { accountId, kind, direction, reference, from, before } = criteria;
  return and(
    eq(ledgerEntries.accountId, accountId),
    kind === undefined ? undefined : eq(ledgerTransactions.kind, kind),
    reference === undefined ? undefined : eq(ledgerTransactions.reference, reference),
    direction === 'income' ? gt(ledgerEntries.amountMicros, 0n) : undefined,
    direction === 'expense' ? lt(ledgerEntries.amountMicros, 0n) : undefined,
    from === undefined ? undefined : gte(ledgerEntries.createdAt, from),
    before === undefined ? undefined : lt(ledgerEntries.createdAt, before),
    belowId === undefined ? undefined : lt(ledgerEntries.id, belowId),
  );
}

function selectBills(db: Db) {
  return db
    .select(billColumns)
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId));
}

/** The id of the customer's wallet account; undefined for accounts without one (operators). */
export function findWalletAccountId(db: Db, userId: number): Promise<number | undefined> {
  return findAccountId(db, userId, CUSTOMER_WALLET);
}

/** One page, newest first (the account's history index serves the order). */
export async function findBills(
  db: Db,
  criteria: BillCriteria,
  page: { offset: number; limit: number },
): Promise<BillRow[]> {
  return selectBills(db)
    .where(where(criteria))
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countBills(db: Db, criteria: BillCriteria): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where(criteria));
  return row?.n ?? 0;
}

/**
 * The next `limit` entries below `belowId` (all when undefined), newest first: keyset paging, so a
 * long export reads each batch straight off the index instead of skipping ever more rows.
 */
export async function findBillBatch(
  db: Db,
  criteria: BillCriteria,
  belowId: number | undefined,
  limit: number,
): Promise<BillRow[]> {
  return selectBills(db).where(where(criteria, belowId)).orderBy(desc(ledgerEntries.id)).limit(limit);
}

/** Entry `id` if it belongs to wallet `accountId`. */
export async function findBill(db: Db, accountId: number, id: number): Promise<BillRow | undefined> {
  const [row] = await selectBills(db).where(
    and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.id, id)),
  );
  return row;
}
