/** SQL of the ledger: accounts, transactions and entries. Every function runs on the caller's handle. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type EntryRow = typeof ledgerEntries.$inferSelect;

async function findAccountId(db: Db, ownerUserId: number | null, kind: string) {
  const owner =
    ownerUserId === null ? isNull(ledgerAccounts.ownerUserId) : eq(ledgerAccounts.ownerUserId, ownerUserId);
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(owner, eq(ledgerAccounts.kind, kind)));
  return row?.id;
}

/** The id of the account `kind` of `ownerUserId` (null: the platform's), created on first use. */
export async function ensureAccount(db: Db, ownerUserId: number | null, kind: string): Promise<number> {
  // Read first: an insert that hits the conflict would still burn a sequence value on every posting.
  const existing = await findAccountId(db, ownerUserId, kind);
  if (existing !== undefined) return existing;
  // No conflict target: the owner's and the platform's unique indexes both mean "already there".
  await db.insert(ledgerAccounts).values({ ownerUserId, kind }).onConflictDoNothing();
  return (await findAccountId(db, ownerUserId, kind))!;
}

/** Inserts the transaction unless its idempotency key exists; the new row, or undefined on a duplicate. */
export async function insertTransactionOnce(
  db: Db,
  values: typeof ledgerTransactions.$inferInsert,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .insert(ledgerTransactions)
    .values(values)
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning();
  return row;
}

export async function findTransactionByKey(db: Db, idempotencyKey: string) {
  const [transaction] = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  if (!transaction) return undefined;
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transaction.id))
    .orderBy(asc(ledgerEntries.accountId));
  return { transaction, entries };
}

export async function deleteTransaction(db: Db, id: number): Promise<void> {
  await db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, id));
}

/**
 * Locks the accounts row by row in id order and returns their balances. Every poster locks in the
 * same order, so two transactions touching the same accounts queue instead of deadlocking.
 */
export async function lockAccounts(db: Db, ids: number[]) {
  return db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, balanceMicros: ledgerAccounts.balanceMicros })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

export async function setBalance(db: Db, id: number, balanceMicros: bigint): Promise<void> {
  await db
    .update(ledgerAccounts)
    .set({ balanceMicros, updatedAt: sql`now()` })
    .where(eq(ledgerAccounts.id, id));
}

export async function insertEntries(
  db: Db,
  rows: (typeof ledgerEntries.$inferInsert)[],
): Promise<EntryRow[]> {
  return db.insert(ledgerEntries).values(rows).returning();
}
