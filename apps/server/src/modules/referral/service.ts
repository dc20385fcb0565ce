/**
 * Referral rebates and withdrawals (issue 22). Rewards are earned by the ledger itself
 * (`wallet/referral-earning.ts`); this module shows them and moves rebate out:
 * - `balance`: rebate → wallet at once, status success (kind `withdrawal`, key `withdrawal:<id>`);
 * - `address`: rebate → in-withdrawal (processing); an operator approves with the transfer's hash
 *   (in-withdrawal → platform cash, `withdrawal:<id>:paid`, success) or rejects with a reason
 *   (in-withdrawal → rebate, `release`, `withdrawal:<id>:returned`, failed).
 * The spendable wallet balance itself is never withdrawn (spec §1).
 */
import {
  DEFAULT_REFERRAL_MIN_WITHDRAWAL,
  ErrorCode,
  REFERRAL_MIN_WITHDRAWAL_SETTING,
  type AdminWithdrawal,
  type ReferralSummary,
  type Withdrawal,
  type adminWithdrawalListQuery,
  type withdrawalBody,
} from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import { AppError, isAppError } from '../../lib/errors';
import { formatDecimalShort, formatDollars, parseMicros } from '../../lib/money';
import { offsetOf, pageOf, type Slice } from '../../lib/paging';
import { timeRange } from '../../lib/time-window';
import { trimBaseUrl } from '../../providers/payments/lifetime';
import { customerScope, type ScopeOn } from '../business/scope';
import { findUserById } from '../identity/repo';
import { notify } from '../notices/service';
import { findSetting } from '../system/repo';
import { PLATFORM_ACCOUNTS, postTransaction, type PostedTransaction } from '../wallet/ledger';
import { ensureAccount } from '../wallet/ledger-repo';
import { ledgerMemo } from '../wallet/memos';
import { CUSTOMER_REBATE, CUSTOMER_REBATE_PENDING, rewardPercentBp } from '../wallet/referral-earning';
import { CUSTOMER_WALLET } from '../wallet/service';
import {
  findWithdrawalByKey,
  findWithdrawalView,
  insertWithdrawal,
  lockWithdrawal,
  pageAdminWithdrawals,
  pageInvitees,
  pageRewards,
  pageWithdrawals,
  referralFigures,
  updateWithdrawal,
  type WithdrawalListRow,
  type WithdrawalRow,
} from './repo';
import { isValidTrc20Address } from './trc20';

const iso = (value: Date | string) => new Date(value).toISOString();

/** `alice@example.com` → `al***@example.com`: enough to recognise, not to write to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${at < 0 ? '' : email.slice(at)}`;
}

/** The smallest withdrawal in micro-dollars; an unreadable setting falls back to the default. */
async function minWithdrawalMicros(db: Db): Promise<bigint> {
  const text = (await findSetting(db, REFERRAL_MIN_WITHDRAWAL_SETTING))?.trim();
  try {
    if (text) return parseMicros(text);
  } catch {
    // An operator's typo: the default.
  }
  return parseMicros(DEFAULT_REFERRAL_MIN_WITHDRAWAL);
}

/** GET /user/referral. */
/** The reward percentage as the product shows it ("5", "7.5"): the referral page and the gift page. */
export async function rewardPercentText(pool: Database['pool']): Promise<string> {
  return formatDecimalShort(BigInt(await inTransaction(pool, (tx) => rewardPercentBp(tx))), 2);
}

export async function referralSummary(
  database: Database,
  publicUrl: string,
  userId: number,
): Promise<ReferralSummary> {
  const { db, pool } = database;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', ErrorCode.NOT_FOUND);
  const [figures, percentBp, min] = await Promise.all([
    referralFigures(db, userId),
    rewardPercentText(pool),
    minWithdrawalMicros(db),
  ]);
  return {
    invite_code: user.inviteCode,
    invite_link: `${trimBaseUrl(publicUrl)}/register?invite=${encodeURIComponent(user.inviteCode)}`,
    reward_percent: percentBp,
    min_withdrawal: formatDollars(min),
    invitees: figures.invitees,
    earned_total: formatDollars(figures.earned),
    withdrawable: formatDollars(figures.withdrawable),
    in_withdrawal: formatDollars(figures.inWithdrawal),
    withdrawn: formatDollars(figures.withdrawn),
  };
}

const pageOfSlice = (slice: Slice) => ({ offset: offsetOf(slice), limit: slice.limit });

export async function listInvitees(db: Db, userId: number, slice: Slice) {
  const { rows, total } = await pageInvitees(db, userId, pageOfSlice(slice));
  const list = rows.map((row) => ({
    email: maskEmail(row.email),
    joined: iso(row.created_at),
    total_spent: formatDollars(BigInt(row.spent)),
  }));
  return pageOf(list, total, slice);
}

export async function listRewards(db: Db, userId: number, slice: Slice) {
  const { rows, total } = await pageRewards(db, userId, pageOfSlice(slice));
  const list = rows.map((row) => ({
    id: Number(row.id),
    invitee_email: maskEmail(row.email),
    kind: row.source_kind,
    spend: formatDollars(BigInt(row.spend_micros)),
    percent: formatDecimalShort(BigInt(row.percent_bp), 2),
    reward: formatDollars(BigInt(row.reward_micros)),
    create_time: iso(row.created_at),
  }));
  return pageOf(list, total, slice);
}

function withdrawalView(row: WithdrawalListRow): Withdrawal {
  return {
    id: Number(row.id),
    amount: formatDollars(BigInt(row.amount_micros)),
    channel: row.channel as Withdrawal['channel'],
    address: row.address,
    status: row.status as Withdrawal['status'],
    tx_hash: row.tx_hash,
    failure_reason: row.failure_reason,
    create_time: iso(row.created_at),
    decided_time: row.decided_at === null ? null : iso(row.decided_at),
  };
}

function adminWithdrawalView(row: WithdrawalListRow): AdminWithdrawal {
  return {
    ...withdrawalView(row),
    userId: Number(row.user_id),
    customerEmail: row.customer_email,
    decidedByEmail: row.decided_by_email,
  };
}

export async function listWithdrawals(db: Db, userId: number, slice: Slice) {
  const { rows, total } = await pageWithdrawals(db, userId, pageOfSlice(slice));
  return pageOf(rows.map(withdrawalView), total, slice);
}

/** Moves `amountMicros` between two of the customer's accounts (or to a platform one) as `kind`. */
async function move(
  tx: Tx,
  row: WithdrawalRow,
  kind: 'withdrawal' | 'release',
  from: number,
  to: number,
  key: string,
  memo?: { memo: string; metadata: Record<string, unknown> },
): Promise<PostedTransaction> {
  return postTransaction(tx, {
    kind,
    userId: row.userId,
    idempotencyKey: key,
    reference: `WD${row.id}`,
    ...memo,
    entries: [
      { accountId: from, amountMicros: -row.amountMicros },
      { accountId: to, amountMicros: row.amountMicros },
    ],
  });
}

const customerAccount = (tx: Tx, userId: number, kind: string) => ensureAccount(tx.db, userId, kind);

/**
 * POST /user/referral/withdrawal: at least the minimum, at most the rebate account's balance (the
 * ledger's row lock decides between concurrent requests: one goes through, the other is refused).
 * `requestKey` is the request's Idempotency-Key: a retry answers the first withdrawal.
 */
export async function requestWithdrawal(
  database: Database,
  userId: number,
  input: z.output<typeof withdrawalBody>,
  requestKey: string,
): Promise<Withdrawal> {
  const { db, pool } = database;
  const address = input.channel === 'address' ? (input.address ?? '') : '';
  if (input.channel === 'address' && !isValidTrc20Address(address))
    throw new AppError('validation', ErrorCode.WITHDRAWAL_ADDRESS_INVALID);
  const amountMicros = parseMicros(input.amount);
  const min = await minWithdrawalMicros(db);
  if (amountMicros < min)
    throw new AppError('business_rule', ErrorCode.WITHDRAWAL_BELOW_MINIMUM, { min: formatDollars(min) });
  const id = await inTransaction(pool, async (tx) => {
    const row = await insertWithdrawal(tx.db, {
      userId,
      amountMicros,
      channel: input.channel,
      address,
      status: input.channel === 'balance' ? 'success' : 'processing',
      requestKey,
      ...(input.channel === 'balance' ? { decidedAt: new Date() } : {}),
    });
    if (!row) return (await findWithdrawalByKey(tx.db, userId, requestKey))!.id;
    const rebate = await customerAccount(tx, userId, CUSTOMER_REBATE);
    try {
      if (input.channel === 'balance') {
        const wallet = await customerAccount(tx, userId, CUSTOMER_WALLET);
        await move(tx, row, 'withdrawal', rebate, wallet, `withdrawal:${row.id}`, {
          ...ledgerMemo('referral_withdrawal_balance'),
        });
      } else {
        const pending = await customerAccount(tx, userId, CUSTOMER_REBATE_PENDING);
        await move(tx, row, 'withdrawal', rebate, pending, `withdrawal:${row.id}`);
      }
    } catch (error) {
      if (isAppError(error) && error.code === ErrorCode.INSUFFICIENT_BALANCE) {
        const figures = await referralFigures(tx.db, userId);
        throw new AppError('business_rule', ErrorCode.WITHDRAWAL_EXCEEDS_REBATE, {
          withdrawable: formatDollars(figures.withdrawable),
        });
      }
      throw error;
    }
    return row.id;
  });
  const row = await findWithdrawalView(db, sql`w.user_id = ${userId}`, id);
  if (!row) throw notFound();
  return withdrawalView(row);
}

// ── the operators' review (业务管理 › 提现审核) ──

/** The withdrawal queries read the customer as `u`. */
const IN_U: ScopeOn = { alias: 'u' };
const notFound = () => new AppError('not_found', ErrorCode.WITHDRAWAL_NOT_FOUND);

export async function listAdminWithdrawals(
  db: Db,
  operatorId: number,
  query: z.output<typeof adminWithdrawalListQuery>,
) {
  const scope = await customerScope(db, operatorId, IN_U);
  const { page: _page, limit, begin_time, end_time, ...filter } = query;
  const { rows, total } = await pageAdminWithdrawals(
    db,
    scope,
    { ...filter, created: timeRange({ begin_time, end_time }) },
    { offset: offsetOf(query), limit },
  );
  return pageOf(rows.map(adminWithdrawalView), total, query);
}

/**
 * An operator's decision on a processing address withdrawal of a customer in their scope. The row
 * lock makes concurrent clicks queue: the first decides, the others answer 409.
 */
export async function decideWithdrawal(
  database: Database,
  operatorId: number,
  id: number,
  decision: { approve: true; txHash: string } | { approve: false; reason: string },
): Promise<AdminWithdrawal> {
  const { db, pool } = database;
  const scope = await customerScope(db, operatorId, IN_U);
  if (!(await findWithdrawalView(db, scope, id))) throw notFound();
  const row = await inTransaction(pool, async (tx) => {
    const row = await lockWithdrawal(tx.db, id);
    if (!row) throw notFound();
    if (row.status !== 'processing') throw new AppError('conflict', ErrorCode.WITHDRAWAL_NOT_PROCESSING);
    const pending = await customerAccount(tx, row.userId, CUSTOMER_REBATE_PENDING);
    const decided = { decidedBy: operatorId, decidedAt: new Date() };
    const amount = formatDollars(row.amountMicros);
    if (decision.approve) {
      const cash = await ensureAccount(tx.db, null, PLATFORM_ACCOUNTS.cash);
      await move(tx, row, 'withdrawal', pending, cash, `withdrawal:${row.id}:paid`);
      await updateWithdrawal(tx.db, id, { ...decided, status: 'success', txHash: decision.txHash });
      await notify(tx.db, row.userId, 'withdrawal_paid', {
        amount,
        address: row.address,
        txHash: decision.txHash,
      });
    } else {
      const rebate = await customerAccount(tx, row.userId, CUSTOMER_REBATE);
      await move(tx, row, 'release', pending, rebate, `withdrawal:${row.id}:returned`);
      await updateWithdrawal(tx.db, id, { ...decided, status: 'failed', failureReason: decision.reason });
      await notify(tx.db, row.userId, 'withdrawal_rejected', { amount, reason: decision.reason });
    }
    return row;
  });
  const view = await findWithdrawalView(db, scope, row.id);
  return adminWithdrawalView(view!);
}
