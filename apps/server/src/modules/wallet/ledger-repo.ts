/** SQL of the ledger: accounts, transactions and entries. Every function runs on the caller's handle. */
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type EntryRow = typeof ledgerEntries.$inferSelect;

/** The WHERE condition naming the account `kind` of `ownerUserId` (null: the platform's). */
export function accountIs(ownerUserId: number | null, kind: string): SQL {
  const owner =
    ownerUserId === null ? isNull(ledgerAccounts.ownerUserId) : eq(ledgerAccounts.ownerUserId, ownerUserId);
  return and(owner, eq(ledgerAccounts.kind, kind))!;
}

/** The id of the account `kind` of `ownerUserId`; undefined until it is opened. */
export async function findAccountId(db: Db, ownerUserId: number | null, kind: string) {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(accountIs(ownerUserId, kind));
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

/** Sets the memo of the customer's movement of `idempotencyKey` and its key (metadata `memo_key`). */
export async function updateTransactionMemo(
  db: Db,
  userId: number,
  idempotencyKey: string,
  memo: string,
  memoKey: string,
): Promise<void> {
  await db
    .update(ledgerTransactions)
    .set({
      memo,
      metadata: sql`${ledgerTransactions.metadata} || ${JSON.stringify({ memo_key: memoKey })}::jsonb`,
    })
    .where(
      and(
        eq(ledgerTransactions.userId, userId),
        eq(ledgerTransactions.idempotencyKey, idempotencyKey),
        sql`${ledgerTransactions.metadata} ->> 'memo_key' IS DISTINCT FROM ${memoKey}`,
      ),
    );
}

export async function deleteTransaction(db: Db, id: number): Promise<void> {
  await db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, id));
}

/**
 * The accounts of a posting in id order, the customer ones locked row by row with their balances.
 * Every poster locks in the same order, so two transactions touching the same wallets queue
 * instead of deadlocking. Platform accounts are read without a lock: they have no balance to
 * check, and locking them would make every posting in the system wait for the one before.
 */
export async function lockCustomerAccounts(db: Db, ids: number[]) {
  const columns = {
    id: ledgerAccounts.id,
    kind: ledgerAccounts.kind,
    ownerUserId: ledgerAccounts.ownerUserId,
    balanceMicros: ledgerAccounts.balanceMicros,
  };
  const customers = await db
    .select(columns)
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, ids), isNotNull(ledgerAccounts.ownerUserId)))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const platform = await db
    .select(columns)
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, ids), isNull(ledgerAccounts.ownerUserId)));
  return [...customers, ...platform].sort((a, b) => a.id - b.id);
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
