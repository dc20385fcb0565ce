/**
 * Referral rewards (issue 22), earned in the same database transaction as the spend that earns
 * them. The ledger's `charge` (one spend) and `chargeMany` (the hourly billing's set) call
 * `earnReferralRewards` for resource spend (purchase, renewal, upgrade, pay-as-you-go, traffic);
 * `refund` calls `reverseReferralReward`. Nothing else earns: top-ups, bonuses and gifts are
 * credits, and gifts charge nothing.
 *
 * Exact cents: each invitee's `referral_carries` row accrues percent × spend in micro-dollars
 * (floored to the micro-dollar) and records what the ledger has credited in whole cents. A spend
 * credits the whole cents the accrual has reached beyond what was credited before, so the
 * remainder is carried to the next spend and a thousand charges of $0.077 at 5 % earn exactly
 * $3.85. A refund accrues negatively at the spend's own percentage and takes cents back
 * (`referral_reward` rebate → bonus expense), at most what the rebate account holds: what the
 * inviter had already withdrawn stays owed in the carry (paid above accrued), and the invitee's
 * next spends credit nothing until the accrual has caught up. No account ever goes below zero.
 *
 * Set-based: one statement per step for any number of spends (locks: the invitees' carry rows in
 * id order after their wallets, then the inviters' rebate accounts in id order).
 */
import { REFERRAL_REWARD_PERCENT_SETTING, DEFAULT_REFERRAL_REWARD_PERCENT } from '@cloudbay/contracts';
import type { Tx } from '../../db/transaction';
import { parseDecimal } from '../../lib/money';
import { ensureAccount } from './ledger-repo';
import { ledgerMemo } from './memos';

/** The inviter's rebate account: rewards in, withdrawals out. */
export const CUSTOMER_REBATE = 'customer_rebate';
/** Rebate set aside by an address withdrawal until an operator pays or rejects it. */
export const CUSTOMER_REBATE_PENDING = 'customer_rebate_pending';
/** The ledger kinds that are resource spend and earn a reward. */
export const REFERRAL_SPEND_KINDS: ReadonlySet<string> = new Set([
  'purchase',
  'renewal',
  'upgrade',
  'payg_hourly',
  'traffic',
]);
const CENT = 10_000n;
const BONUS_EXPENSE = 'platform_bonus_expense';

export interface Spend {
  /** The customer whose wallet paid. */
  userId: number;
  /** Positive; negative for a refund. */
  amountMicros: bigint;
  sourceTransactionId: number;
  kind: string;
  reference?: string | null;
}

/** The reward percentage in basis points; an unreadable setting falls back to the default. */
export async function rewardPercentBp(tx: Tx): Promise<number> {
  const { rows } = await tx.client.query<{ value: string }>('SELECT value FROM sys_configs WHERE key = $1', [
    REFERRAL_REWARD_PERCENT_SETTING,
  ]);
  for (const text of [rows[0]?.value, DEFAULT_REFERRAL_REWARD_PERCENT]) {
    try {
      const bp = parseDecimal(String(text ?? '').trim(), 2);
      if (bp >= 0n && bp <= 10_000n) return Number(bp);
    } catch {
      // An operator's typo: the default.
    }
  }
  return 500;
}

/** Invitee → inviter, for main accounts invited by another main account (no self-referral). */
async function invitersOf(tx: Tx, userIds: number[]): Promise<Map<number, number>> {
  const { rows } = await tx.client.query<{ id: string; inviter: string }>(
    `SELECT u.id, u.invited_by AS inviter FROM users u JOIN users i ON i.id = u.invited_by
     WHERE u.id = ANY($1::bigint[]) AND u.parent_id IS NULL AND i.parent_id IS NULL AND i.id <> u.id`,
    [userIds.map(String)],
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.inviter)]));
}

interface Carry {
  spent: bigint;
  accrued: bigint;
  paid: bigint;
}

async function lockCarries(tx: Tx, inviters: Map<number, number>): Promise<Map<number, Carry>> {
  const invitees = [...inviters.keys()].map(String);
  await tx.client.query(
    `INSERT INTO referral_carries (invitee_user_id, inviter_user_id)
     SELECT * FROM unnest($1::bigint[], $2::bigint[]) ON CONFLICT DO NOTHING`,
    [invitees, [...inviters.values()].map(String)],
  );
  const { rows } = await tx.client.query<{ id: string; spent: string; accrued: string; paid: string }>(
    `SELECT invitee_user_id AS id, spent_micros AS spent, accrued_micros AS accrued, paid_micros AS paid
     FROM referral_carries WHERE invitee_user_id = ANY($1::bigint[]) ORDER BY invitee_user_id FOR UPDATE`,
    [invitees],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { spent: BigInt(row.spent), accrued: BigInt(row.accrued), paid: BigInt(row.paid) },
    ]),
  );
}

interface Earned extends Spend {
  inviterId: number;
  percentBp: number;
  accruedMicros: bigint;
  rewardMicros: bigint;
}

/** Floor division that rounds towards minus infinity (bigint division truncates). */
const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

type RebateAccounts = Map<number, { id: string; balance: bigint }>;

/** The inviters' rebate accounts (opened when missing), locked in id order, with their balances. */
async function lockRebates(tx: Tx, inviterIds: number[]): Promise<RebateAccounts> {
  const ids = inviterIds.map(String);
  await tx.client.query(
    `INSERT INTO ledger_accounts (owner_user_id, kind)
     SELECT u.id, $2::varchar FROM unnest($1::bigint[]) AS u(id)
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_user_id = u.id AND a.kind = $2::varchar)
     ON CONFLICT DO NOTHING`,
    [ids, CUSTOMER_REBATE],
  );
  const { rows } = await tx.client.query<{ id: string; owner: string; balance: string }>(
    `SELECT id, owner_user_id AS owner, balance_micros AS balance FROM ledger_accounts
     WHERE kind = $2 AND owner_user_id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [ids, CUSTOMER_REBATE],
  );
  return new Map(rows.map((a) => [Number(a.owner), { id: a.id, balance: BigInt(a.balance) }]));
}

/** Posts the rewards (and reversals) as `referral_reward` transactions, set-based. */
async function postRewards(tx: Tx, earned: Earned[], rebate: RebateAccounts): Promise<Map<number, number>> {
  const moving = earned.filter((e) => e.rewardMicros !== 0n);
  const postedBySource = new Map<number, number>();
  if (moving.length === 0) return postedBySource;
  const expense = await ensureAccount(tx.db, null, BONUS_EXPENSE);

  const memo = (e: Earned) => ledgerMemo(e.rewardMicros > 0n ? 'referral_reward' : 'referral_reversal');
  const { rows: transactions } = await tx.client.query<{ id: string; key: string }>(
    `INSERT INTO ledger_transactions (kind, reference, idempotency_key, user_id, memo, metadata)
     SELECT 'referral_reward', c.reference, c.key, c.user_id, c.memo, c.metadata
     FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::jsonb[])
       WITH ORDINALITY AS c(reference, key, user_id, memo, metadata, ord)
     ORDER BY c.ord
     RETURNING id, idempotency_key AS key`,
    [
      moving.map((e) => e.reference ?? null),
      moving.map((e) => `referral:${e.sourceTransactionId}`),
      moving.map((e) => String(e.inviterId)),
      moving.map((e) => memo(e).memo),
      moving.map((e) =>
        JSON.stringify({ ...memo(e).metadata, invitee: e.userId, source: e.sourceTransactionId }),
      ),
    ],
  );
  const transactionOf = new Map(transactions.map((t) => [t.key, t.id]));

  const entries: { transaction: string; account: string; amount: bigint; after: bigint | null }[] = [];
  const start = new Map([...rebate].map(([owner, a]) => [owner, a.balance]));
  for (const e of moving) {
    const account = rebate.get(e.inviterId)!;
    start.set(e.inviterId, start.get(e.inviterId)! + e.rewardMicros);
    const after = start.get(e.inviterId)!;
    const transaction = transactionOf.get(`referral:${e.sourceTransactionId}`)!;
    postedBySource.set(e.sourceTransactionId, Number(transaction));
    entries.push({ transaction, account: account.id, amount: e.rewardMicros, after });
    entries.push({ transaction, account: String(expense), amount: -e.rewardMicros, after: null });
  }
  await tx.client.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount_micros, balance_after_micros)
     SELECT t, a, m, b FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[])
       WITH ORDINALITY AS e(t, a, m, b, ord) ORDER BY ord`,
    [
      entries.map((e) => e.transaction),
      entries.map((e) => e.account),
      entries.map((e) => String(e.amount)),
      entries.map((e) => (e.after === null ? null : String(e.after))),
    ],
  );
  await tx.client.query(
    `UPDATE ledger_accounts a SET balance_micros = s.balance, updated_at = now()
     FROM unnest($1::bigint[], $2::bigint[]) AS s(id, balance) WHERE a.id = s.id`,
    [[...rebate.values()].map((a) => a.id), [...rebate.keys()].map((owner) => String(start.get(owner)!))],
  );
  return postedBySource;
}

/**
 * Accrues `spends` (in the order given) for the invitees among their customers and posts the whole
 * cents reached. `percentBp` per spend (a refund's is its spend's), else the setting.
 */
async function accrue(tx: Tx, spends: (Spend & { percentBp?: number })[]): Promise<void> {
  const live = spends.filter((s) => s.amountMicros !== 0n);
  if (live.length === 0) return;
  const inviters = await invitersOf(tx, [...new Set(live.map((s) => s.userId))]);
  const mine = live.filter((s) => inviters.has(s.userId));
  if (mine.length === 0) return;
  const setting = mine.some((s) => s.percentBp === undefined) ? await rewardPercentBp(tx) : 0;
  const carries = await lockCarries(
    tx,
    new Map([...new Set(mine.map((s) => s.userId))].map((id) => [id, inviters.get(id)!])),
  );

  const rebate = await lockRebates(tx, [...new Set(mine.map((s) => inviters.get(s.userId)!))]);
  const available = new Map([...rebate].map(([owner, a]) => [owner, a.balance]));

  const earned: Earned[] = mine.map((spend) => {
    const carry = carries.get(spend.userId)!;
    const inviterId = inviters.get(spend.userId)!;
    const percentBp = spend.percentBp ?? setting;
    const sign = spend.amountMicros < 0n ? -1n : 1n;
    // Symmetric rounding: a refund of a whole spend takes back exactly what the spend accrued.
    const accruedMicros = (sign * (sign * spend.amountMicros * BigInt(percentBp))) / 10_000n;
    carry.spent += spend.amountMicros;
    carry.accrued += accruedMicros;
    const owed = floorDiv(carry.accrued, CENT) * CENT - carry.paid;
    // A spend credits the cents reached (none while a reversal is still owed); a refund takes back
    // what it reverses, at most what the rebate account holds (the rest stays owed in the carry).
    const left = available.get(inviterId)!;
    const rewardMicros = sign > 0n ? (owed > 0n ? owed : 0n) : owed < -left ? -left : owed < 0n ? owed : 0n;
    available.set(inviterId, left + rewardMicros);
    carry.paid += rewardMicros;
    return { ...spend, inviterId, percentBp, accruedMicros, rewardMicros };
  });

  const posted = await postRewards(tx, earned, rebate);
  await tx.client.query(
    `INSERT INTO referral_rewards (inviter_user_id, invitee_user_id, source_transaction_id, source_kind,
       reference, spend_micros, percent_bp, accrued_micros, reward_micros, reward_transaction_id)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::bigint[],
       $7::int[], $8::bigint[], $9::bigint[], $10::bigint[])`,
    [
      earned.map((e) => String(e.inviterId)),
      earned.map((e) => String(e.userId)),
      earned.map((e) => String(e.sourceTransactionId)),
      earned.map((e) => e.kind),
      earned.map((e) => e.reference ?? null),
      earned.map((e) => String(e.amountMicros)),
      earned.map((e) => e.percentBp),
      earned.map((e) => String(e.accruedMicros)),
      earned.map((e) => String(e.rewardMicros)),
      earned.map((e) => {
        const id = posted.get(e.sourceTransactionId);
        return id === undefined ? null : String(id);
      }),
    ],
  );
  const ids = [...carries.keys()];
  await tx.client.query(
    `UPDATE referral_carries c SET spent_micros = s.spent, accrued_micros = s.accrued, paid_micros = s.paid,
       updated_at = now()
     FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[]) AS s(id, spent, accrued, paid)
     WHERE c.invitee_user_id = s.id`,
    [
      ids.map(String),
      ids.map((id) => String(carries.get(id)!.spent)),
      ids.map((id) => String(carries.get(id)!.accrued)),
      ids.map((id) => String(carries.get(id)!.paid)),
    ],
  );
}

/** Rewards the inviters of the customers among `spends` (resource spend only; others are ignored). */
export async function earnReferralRewards(tx: Tx, spends: readonly Spend[]): Promise<void> {
  await accrue(
    tx,
    spends.filter((s) => REFERRAL_SPEND_KINDS.has(s.kind) && s.amountMicros > 0n),
  );
}

/**
 * A refund of (part of) a spend: finds what the customer spent under the same reference that
 * earned a reward, and reverses the reward of up to that much at the spend's percentage.
 */
export async function reverseReferralReward(
  tx: Tx,
  refund: { userId: number; amountMicros: bigint; sourceTransactionId: number; reference?: string | null },
): Promise<void> {
  if (!refund.reference || refund.amountMicros <= 0n) return;
  const { rows } = await tx.client.query<{ net: string | null; percent: number | null }>(
    `SELECT sum(spend_micros) AS net,
       (SELECT percent_bp FROM referral_rewards p WHERE p.invitee_user_id = $1 AND p.reference = $2
          AND p.spend_micros > 0 ORDER BY p.id DESC LIMIT 1) AS percent
     FROM referral_rewards WHERE invitee_user_id = $1 AND reference = $2`,
    [String(refund.userId), refund.reference],
  );
  const net = BigInt(rows[0]?.net ?? 0);
  const percentBp = rows[0]?.percent;
  if (net <= 0n || percentBp === null || percentBp === undefined) return;
  const amount = refund.amountMicros < net ? refund.amountMicros : net;
  await accrue(tx, [
    {
      userId: refund.userId,
      amountMicros: -amount,
      sourceTransactionId: refund.sourceTransactionId,
      kind: 'refund',
      reference: refund.reference,
      percentBp,
    },
  ]);
}
