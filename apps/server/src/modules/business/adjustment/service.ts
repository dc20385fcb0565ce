/**
 * Balance adjustments with four-eyes approval (issue 18, part B2). The money moves only through the
 * ledger: one balanced `admin_adjustment` transaction (wallet ↔ platform_adjustment) keyed by the
 * adjustment's id, so neither a retry nor two approvers can post it twice. An amount above the
 * setting `ADJUSTMENT_APPROVAL_ABOVE` is stored `pending` and posts only when a second operator
 * approves it. A debit never takes a wallet below zero: refused when asked, and refused again at
 * approval if the balance has fallen since (the adjustment then stays pending: the approver can
 * retry later or reject it with a reason).
 */
import {
  ADJUSTMENT_APPROVAL_SETTING,
  DEFAULT_ADJUSTMENT_APPROVAL_ABOVE,
  ErrorCode,
  type Adjustment,
  type adjustmentBody,
  type adjustmentListQuery as adjustmentListQueryOut,
} from '@cloudbay/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../../../db/client';
import { inTransaction, type Tx } from '../../../db/transaction';
import { AppError, isAppError } from '../../../lib/errors';
import { formatDollars, parseMicros } from '../../../lib/money';
import { timeRange } from '../../../lib/time-window';
import { findSetting } from '../../system/repo';
import { charge, credit } from '../../wallet/ledger';
import { ledgerMemo } from '../../wallet/memos';
import {
  findAdjustmentByRequestKey,
  findAdjustmentView,
  insertAdjustment,
  lockAdjustment,
  pageAdjustments,
  updateAdjustment,
  type AdjustmentListRow,
  type AdjustmentRow,
} from './repo';
import {
  customerInScopeOr404,
  customerScope,
  findScopedCustomer,
  inScopeOr404,
  searchScopedCustomers,
  type ScopeOn,
} from '../scope';
import { offsetOf, pageOf } from '../../../lib/paging';

/** The adjustment queries read the customer as `u`. */
const IN_U: ScopeOn = { alias: 'u' };

type AdjustmentInput = z.output<typeof adjustmentBody>;

const iso = (value: Date | string) => new Date(value).toISOString();

function adjustmentView(row: AdjustmentListRow): Adjustment {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    customerEmail: row.customer_email,
    direction: row.direction as Adjustment['direction'],
    amount: formatDollars(BigInt(row.amount_micros)),
    reason: row.reason,
    reference: row.reference,
    status: row.status as Adjustment['status'],
    requestedBy: Number(row.requested_by),
    requestedByEmail: row.requested_by_email,
    decidedBy: row.decided_by === null ? null : Number(row.decided_by),
    decidedByEmail: row.decided_by_email,
    decisionReason: row.decision_reason,
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    ledgerTransactionId: row.ledger_transaction_id === null ? null : Number(row.ledger_transaction_id),
    createTime: iso(row.created_at),
  };
}

/** The approval threshold in micro-dollars; an unreadable setting falls back to the default. */
export async function approvalAboveMicros(db: Db): Promise<bigint> {
  const text = (await findSetting(db, ADJUSTMENT_APPROVAL_SETTING))?.trim();
  try {
    if (text) return parseMicros(text);
  } catch {
    // An operator's typo must not let every amount through unapproved: use the default.
  }
  return parseMicros(DEFAULT_ADJUSTMENT_APPROVAL_ABOVE);
}

const customerNotFound = () => new AppError('not_found', ErrorCode.CUSTOMER_NOT_FOUND);
const adjustmentNotFound = () => new AppError('not_found', ErrorCode.ADJUSTMENT_NOT_FOUND);

/**
 * Posts the adjustment's ledger transaction in `tx` (key `admin_adjustment:<id>`). A debit the
 * wallet cannot cover answers 409 ADJUSTMENT_BALANCE_TOO_LOW with the balance, instead of the
 * ledger's generic 422.
 */
async function postAdjustment(tx: Tx, row: AdjustmentRow, balanceMicros: bigint): Promise<number> {
  const movement = {
    userId: row.userId,
    amountMicros: row.amountMicros,
    idempotencyKey: `admin_adjustment:${row.id}`,
    reference: row.reference || `ADJ${row.id}`,
    ...ledgerMemo(row.direction === 'credit' ? 'adjustment_credit' : 'adjustment_debit'),
    kind: 'admin_adjustment' as const,
  };
  try {
    const posted = row.direction === 'credit' ? await credit(tx, movement) : await charge(tx, movement);
    return posted.transaction.id;
  } catch (error) {
    if (isAppError(error) && error.code === ErrorCode.INSUFFICIENT_BALANCE)
      throw balanceTooLow(balanceMicros);
    throw error;
  }
}

const balanceTooLow = (balanceMicros: bigint) =>
  new AppError('conflict', ErrorCode.ADJUSTMENT_BALANCE_TOO_LOW, { balance: formatDollars(balanceMicros) });

async function viewOf(db: Db, operatorId: number, id: number): Promise<Adjustment> {
  const find = (scope: SQL) => findAdjustmentView(db, scope, id);
  return adjustmentView(await inScopeOr404(db, operatorId, ErrorCode.ADJUSTMENT_NOT_FOUND, find, IN_U));
}

/**
 * An operator's adjustment of a customer in their scope: posted at once up to the threshold,
 * else stored pending. `requestKey` is the request's Idempotency-Key: a retry answers the first.
 */
export async function requestAdjustment(
  database: Database,
  operatorId: number,
  userId: number,
  input: AdjustmentInput,
  requestKey: string,
): Promise<Adjustment> {
  const { db, pool } = database;
  const customer = await customerInScopeOr404(db, operatorId, userId);
  const amountMicros = parseMicros(input.amount);
  if (input.direction === 'debit' && amountMicros > customer.balanceMicros) {
    throw balanceTooLow(customer.balanceMicros);
  }
  const needsApproval = amountMicros > (await approvalAboveMicros(db));
  const id = await inTransaction(pool, async (tx) => {
    const row = await insertAdjustment(tx.db, {
      userId,
      direction: input.direction,
      amountMicros,
      reason: input.reason,
      reference: input.reference ?? '',
      // Posted below in the same transaction when no approval is needed (a posted row names its
      // ledger transaction, a CHECK), so nobody ever sees it half done.
      status: 'pending',
      requestedBy: operatorId,
      requestKey,
    });
    if (!row) return (await findAdjustmentByRequestKey(tx.db, operatorId, requestKey))!.id;
    if (!needsApproval) {
      const transactionId = await postAdjustment(tx, row, customer.balanceMicros);
      await updateAdjustment(tx.db, row.id, { status: 'posted', ledgerTransactionId: transactionId });
    }
    return row.id;
  });
  return viewOf(db, operatorId, id);
}

/**
 * A second operator's decision on a pending adjustment. The row lock makes concurrent clicks
 * queue: the first decides, the others find it decided (409 ADJUSTMENT_NOT_PENDING), and the
 * ledger key `admin_adjustment:<id>` is the last guard against posting twice.
 */
export async function decideAdjustment(
  database: Database,
  operatorId: number,
  id: number,
  decision: { approve: boolean; reason: string },
): Promise<Adjustment> {
  const { db, pool } = database;
  const scope = await customerScope(db, operatorId, IN_U);
  if (!(await findAdjustmentView(db, scope, id))) throw adjustmentNotFound();
  await inTransaction(pool, async (tx) => {
    const row = await lockAdjustment(tx.db, id);
    if (!row) throw adjustmentNotFound();
    if (row.requestedBy === operatorId) throw new AppError('forbidden', ErrorCode.ADJUSTMENT_OWN_APPROVAL);
    if (row.status !== 'pending') throw new AppError('conflict', ErrorCode.ADJUSTMENT_NOT_PENDING);
    const decided = { decidedBy: operatorId, decisionReason: decision.reason, decidedAt: new Date() };
    if (!decision.approve) {
      await updateAdjustment(tx.db, id, { ...decided, status: 'rejected' });
      return;
    }
    const customer = await findScopedCustomer(tx.db, scope, row.userId);
    if (!customer) throw customerNotFound();
    const transactionId = await postAdjustment(tx, row, customer.balanceMicros);
    await updateAdjustment(tx.db, id, { ...decided, status: 'posted', ledgerTransactionId: transactionId });
  });
  return viewOf(db, operatorId, id);
}

/** A page of the adjustments of the customers in the operator's scope. */
export async function listAdjustments(
  db: Db,
  operatorId: number,
  query: z.output<typeof adjustmentListQueryOut>,
) {
  const scope = await customerScope(db, operatorId, IN_U);
  const { page: _page, limit, begin_time, end_time, ...filter } = query;
  const { rows, total } = await pageAdjustments(
    db,
    scope,
    { ...filter, created: timeRange({ begin_time, end_time }) },
    { offset: offsetOf(query), limit },
  );
  return pageOf(rows.map(adjustmentView), total, query);
}

/** The customer picker of the adjustment dialog: by e-mail prefix, or one customer by id. */
export async function findAdjustableCustomers(
  db: Db,
  operatorId: number,
  query: { email: string; userId?: number },
) {
  const scope = await customerScope(db, operatorId, IN_U);
  const rows =
    query.userId !== undefined
      ? [await findScopedCustomer(db, scope, query.userId)].filter((row) => row !== undefined)
      : query.email
        ? await searchScopedCustomers(db, scope, query.email, 10)
        : [];
  return {
    list: rows.map((row) => ({
      userId: row.id,
      email: row.email,
      nickname: row.nickname,
      balance: formatDollars(row.balanceMicros),
    })),
    approvalAbove: formatDollars(await approvalAboveMicros(db)),
  };
}
