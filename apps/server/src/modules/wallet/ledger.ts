/**
 * The double-entry ledger every money movement goes through (ARCHITECTURE.md, "Money").
 *
 * `postTransaction` is the one writer: it runs inside the caller's database transaction, so the
 * money moves exactly when the caller's order, resource or callback state changes, or not at all.
 * Each posting is keyed by an idempotency key; posting the same key again returns the first
 * transaction, so a retried request, job or duplicate gateway callback never moves money twice.
 * The helpers below it (credit, charge, refund, hold, settle, release) pick the accounts.
 */
import { BILL_EXPENSE_TYPES, ErrorCode, type BillExpenseType } from '@cloudbay/contracts';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import {
  deleteTransaction,
  ensureAccount,
  findTransactionByKey,
  insertEntries,
  insertTransactionOnce,
  lockCustomerAccounts,
  setBalance,
  type EntryRow,
  type TransactionRow,
} from './ledger-repo';
import { CUSTOMER_WALLET } from './service';
import {
  CUSTOMER_REBATE,
  CUSTOMER_REBATE_PENDING,
  earnReferralRewards,
  reverseReferralReward,
} from './referral-earning';

/** Transaction kinds; shared with the web as the bills' expense types. */
export const LEDGER_KINDS = BILL_EXPENSE_TYPES;
export type LedgerKind = BillExpenseType;

/** Money a customer has set aside for a purchase in progress (hold → settle or release). */
export const CUSTOMER_HOLD = 'customer_hold';
/** Customer accounts may never go below zero (also a CHECK in the database). */
const NON_NEGATIVE_KINDS = new Set([
  CUSTOMER_WALLET,
  CUSTOMER_HOLD,
  CUSTOMER_REBATE,
  CUSTOMER_REBATE_PENDING,
]);

/**
 * The platform's side of customer movements. Their balances are signed: platform_cash goes negative
 * by what gateways paid in, platform_revenue positive by what customers spent.
 */
export const PLATFORM_ACCOUNTS = {
  /** Money received from payment gateways (and paid out by withdrawals). */
  cash: 'platform_cash',
  /** What customers paid for products; refunds come back out of it. */
  revenue: 'platform_revenue',
  /** Money given away: first-recharge bonuses, gifts, referral rewards. */
  bonusExpense: 'platform_bonus_expense',
  /** Operator corrections. */
  adjustment: 'platform_adjustment',
} as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[keyof typeof PLATFORM_ACCOUNTS];

/** A programming error (unbalanced or malformed posting): never shown to a customer as such. */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

export interface EntryInput {
  accountId: number;
  /** Signed micro-dollars: positive adds to the account, negative takes from it. */
  amountMicros: bigint;
}

export interface PostInput {
  kind: LedgerKind;
  /** Unique per business event, e.g. `topup:<order no>`; a repeat returns the first posting. */
  idempotencyKey: string;
  /** What the money is for, e.g. an order number. */
  reference?: string;
  /** The customer concerned (bills list by it). */
  userId?: number;
  memo?: string;
  metadata?: Record<string, unknown>;
  entries: EntryInput[];
}

export interface PostedTransaction {
  transaction: TransactionRow;
  entries: EntryRow[];
  /** True when the key had been posted before and nothing moved now. */
  replayed: boolean;
}

function assertPostable(input: PostInput): void {
  if (!LEDGER_KINDS.includes(input.kind)) throw new LedgerInvariantError(`unknown kind ${input.kind}`);
  if (!input.idempotencyKey) throw new LedgerInvariantError('an idempotency key is required');
  if (input.entries.length < 2) throw new LedgerInvariantError('a transaction needs at least two entries');
  const accounts = new Set(input.entries.map((e) => e.accountId));
  if (accounts.size !== input.entries.length) throw new LedgerInvariantError('one entry per account');
  if (input.entries.some((e) => typeof e.amountMicros !== 'bigint' || e.amountMicros === 0n))
    throw new LedgerInvariantError('entry amounts are non-zero bigint micro-dollars');
  const sum = input.entries.reduce((total, e) => total + e.amountMicros, 0n);
  if (sum !== 0n) throw new LedgerInvariantError(`entries sum to ${sum}, not zero`);
}

/** The same key must mean the same movement; anything else is a caller bug or a key collision. */
function sameMovement(
  input: PostInput,
  existing: { transaction: TransactionRow; entries: EntryRow[] },
): boolean {
  if (existing.transaction.kind !== input.kind) return false;
  const wanted = [...input.entries].sort((a, b) => a.accountId - b.accountId);
  return (
    wanted.length === existing.entries.length &&
    wanted.every(
      (e, i) =>
        e.accountId === existing.entries[i]!.accountId &&
        e.amountMicros === existing.entries[i]!.amountMicros,
    )
  );
}

async function replay(tx: Tx, input: PostInput): Promise<PostedTransaction> {
  const existing = await findTransactionByKey(tx.db, input.idempotencyKey);
  // The insert saw the key, so the row is committed (or ours); missing would be a broken database.
  if (!existing) throw new LedgerInvariantError(`transaction ${input.idempotencyKey} vanished`);
  if (!sameMovement(input, existing)) throw new AppError('conflict', ErrorCode.LEDGER_KEY_CONFLICT);
  return { ...existing, replayed: true };
}

/**
 * Posts one balanced transaction inside the caller's database transaction: records it under its
 * idempotency key (a duplicate returns the first one), locks the accounts in id order, refuses to
 * take a customer account below zero (422 INSUFFICIENT_BALANCE), updates the cached balances and
 * writes every entry with the balance right after it.
 */
export async function postTransaction(tx: Tx, input: PostInput): Promise<PostedTransaction> {
  assertPostable(input);
  // A concurrent poster of the same key waits here on the unique index until the first commits.
  const transaction = await insertTransactionOnce(tx.db, {
    kind: input.kind,
    idempotencyKey: input.idempotencyKey,
    reference: input.reference ?? null,
    userId: input.userId ?? null,
    memo: input.memo ?? null,
    metadata: input.metadata ?? {},
  });
  if (!transaction) return replay(tx, input);

  const ordered = [...input.entries].sort((a, b) => a.accountId - b.accountId);
  const accounts = await lockCustomerAccounts(
    tx.db,
    ordered.map((e) => e.accountId),
  );
  if (accounts.length !== ordered.length) throw new LedgerInvariantError('unknown ledger account');

  const balances = ordered.map((entry, i) => {
    const account = accounts[i]!;
    // Platform accounts keep no running balance (see the ledger_accounts table): null after.
    const after = account.ownerUserId === null ? null : account.balanceMicros + entry.amountMicros;
    return { account, entry, after };
  });
  if (balances.some((b) => NON_NEGATIVE_KINDS.has(b.account.kind) && b.after !== null && b.after < 0n)) {
    // Leave the caller's transaction as it was, in case it catches this and carries on.
    await deleteTransaction(tx.db, transaction.id);
    throw new AppError('business_rule', ErrorCode.INSUFFICIENT_BALANCE);
  }

  for (const b of balances) if (b.after !== null) await setBalance(tx.db, b.account.id, b.after);
  const entries = await insertEntries(
    tx.db,
    balances.map((b) => ({
      transactionId: transaction.id,
      accountId: b.account.id,
      amountMicros: b.entry.amountMicros,
      balanceAfterMicros: b.after,
    })),
  );
  return { transaction, entries, replayed: false };
}

/** What every customer movement names. */
export interface Movement {
  userId: number;
  /** Positive micro-dollars. */
  amountMicros: bigint;
  idempotencyKey: string;
  reference?: string;
  memo?: string;
  metadata?: Record<string, unknown>;
}

export type CreditKind = 'topup' | 'topup_bonus' | 'refund' | 'referral_reward' | 'admin_adjustment' | 'gift';
export type ChargeKind =
  'purchase' | 'renewal' | 'upgrade' | 'payg_hourly' | 'traffic' | 'withdrawal' | 'admin_adjustment';

const CREDIT_SOURCE: Record<CreditKind, PlatformAccount> = {
  topup: PLATFORM_ACCOUNTS.cash,
  topup_bonus: PLATFORM_ACCOUNTS.bonusExpense,
  refund: PLATFORM_ACCOUNTS.revenue,
  referral_reward: PLATFORM_ACCOUNTS.bonusExpense,
  admin_adjustment: PLATFORM_ACCOUNTS.adjustment,
  gift: PLATFORM_ACCOUNTS.bonusExpense,
};

/** Where each kind of charge goes (also used by `ledger-bulk.ts`). */
export const CHARGE_TARGET: Record<ChargeKind, PlatformAccount> = {
  purchase: PLATFORM_ACCOUNTS.revenue,
  renewal: PLATFORM_ACCOUNTS.revenue,
  upgrade: PLATFORM_ACCOUNTS.revenue,
  payg_hourly: PLATFORM_ACCOUNTS.revenue,
  traffic: PLATFORM_ACCOUNTS.revenue,
  withdrawal: PLATFORM_ACCOUNTS.cash,
  admin_adjustment: PLATFORM_ACCOUNTS.adjustment,
};

function assertPositive(amountMicros: bigint): void {
  if (typeof amountMicros !== 'bigint' || amountMicros <= 0n)
    throw new LedgerInvariantError('a movement amount is positive bigint micro-dollars');
}

/** Moves `amountMicros` from account `from` to account `to` as one transaction of kind `kind`. */
async function transfer(tx: Tx, kind: LedgerKind, from: number, to: number, movement: Movement) {
  assertPositive(movement.amountMicros);
  const { amountMicros, userId, idempotencyKey, reference, memo, metadata } = movement;
  return postTransaction(tx, {
    kind,
    userId,
    idempotencyKey,
    reference,
    memo,
    metadata,
    entries: [
      { accountId: from, amountMicros: -amountMicros },
      { accountId: to, amountMicros },
    ],
  });
}

const walletOf = (tx: Tx, userId: number) => ensureAccount(tx.db, userId, CUSTOMER_WALLET);
const holdOf = (tx: Tx, userId: number) => ensureAccount(tx.db, userId, CUSTOMER_HOLD);
const platform = (tx: Tx, kind: PlatformAccount) => ensureAccount(tx.db, null, kind);

/** Adds money to the customer's wallet (a top-up, a bonus, a gift…) from the kind's platform account. */
export async function credit(
  tx: Tx,
  movement: Movement & { kind: CreditKind; counterAccount?: PlatformAccount },
): Promise<PostedTransaction> {
  const from = await platform(tx, movement.counterAccount ?? CREDIT_SOURCE[movement.kind]);
  return transfer(tx, movement.kind, from, await walletOf(tx, movement.userId), movement);
}

/** Takes money from the customer's wallet; without enough balance: 422 '当前账户余额不足'. */
export async function charge(
  tx: Tx,
  movement: Movement & { kind: ChargeKind; counterAccount?: PlatformAccount },
): Promise<PostedTransaction> {
  const to = await platform(tx, movement.counterAccount ?? CHARGE_TARGET[movement.kind]);
  const posted = await transfer(tx, movement.kind, await walletOf(tx, movement.userId), to, movement);
  // Resource spend earns the inviter's referral reward in this same transaction (issue 22).
  if (!posted.replayed)
    await earnReferralRewards(tx, [
      {
        userId: movement.userId,
        amountMicros: movement.amountMicros,
        sourceTransactionId: posted.transaction.id,
        kind: movement.kind,
        reference: movement.reference ?? null,
      },
    ]);
  return posted;
}

/**
 * Gives back (part of) a charge: revenue → wallet, kind `refund`. The referral reward the charge
 * earned (found by the same reference) is reversed for the refunded part.
 */
export async function refund(tx: Tx, movement: Movement): Promise<PostedTransaction> {
  const posted = await credit(tx, { ...movement, kind: 'refund' });
  if (!posted.replayed)
    await reverseReferralReward(tx, {
      userId: movement.userId,
      amountMicros: movement.amountMicros,
      sourceTransactionId: posted.transaction.id,
      reference: movement.reference ?? null,
    });
  return posted;
}

/**
 * Sets money aside before a slow purchase (the cloud may still fail): wallet → hold. The customer
 * can no longer spend it, and it is not revenue until `settle`; `release` gives it back.
 */
export async function hold(tx: Tx, movement: Movement): Promise<PostedTransaction> {
  return transfer(
    tx,
    'hold',
    await walletOf(tx, movement.userId),
    await holdOf(tx, movement.userId),
    movement,
  );
}

/** The held money becomes revenue (the purchase went through): hold → revenue. */
export async function settle(tx: Tx, movement: Movement): Promise<PostedTransaction> {
  const revenue = await platform(tx, PLATFORM_ACCOUNTS.revenue);
  return transfer(tx, 'settle', await holdOf(tx, movement.userId), revenue, movement);
}

/** The held money goes back to the wallet (the purchase failed or was cancelled): hold → wallet. */
export async function release(tx: Tx, movement: Movement): Promise<PostedTransaction> {
  return transfer(
    tx,
    'release',
    await holdOf(tx, movement.userId),
    await walletOf(tx, movement.userId),
    movement,
  );
}
