/**
 * A sub-account's monthly spend cap (issue 21): a permitted renewal by a sub-account is charged to
 * its main account's wallet, and counted against the cap in the same transaction as the charge.
 * The sub-account's row is locked first, so its concurrent renewals are counted one after another
 * and can never pass the cap together; a refusal rolls the order and its charge back.
 */
import { ErrorCode } from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { formatDollars } from '../../lib/money';

/** Who pays through a renewal made in a sub-account's session. */
export interface SubAccountPayer {
  subUserId: number;
  nickname: string;
}

/** The first instant of the UTC month of `now`. */
export function monthStartOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The order memo that names the sub-account in the main account's bills. */
export function payerMemo(memo: string, payer: SubAccountPayer): string {
  return `${memo} · 子账号 ${payer.nickname}`;
}

/** Locks the sub-account's row: the cap check and the charge that follows are serialised per sub-account. */
export async function lockPayer(tx: Tx, payer: SubAccountPayer): Promise<void> {
  await tx.db.execute(sql`SELECT id FROM users WHERE id = ${payer.subUserId} FOR UPDATE`);
}

/**
 * Records a charge of `amountMicros` (order `orderNo`) against the sub-account's cap, or throws 422
 * SUB_ACCOUNT_SPEND_CAP_EXCEEDED (the caller's transaction then rolls back the charge). Call it
 * after `lockPayer` in the transaction that charged.
 */
export async function countAgainstCap(
  tx: Tx,
  payer: SubAccountPayer,
  amountMicros: bigint,
  orderNo: string,
  now: Date,
): Promise<void> {
  const result = await tx.db.execute<{ cap: string; spent: string }>(sql`
    SELECT u.spend_cap_micros AS cap,
      (SELECT coalesce(sum(c.amount_micros), 0) FROM sub_account_charges c
        WHERE c.sub_user_id = u.id AND c.created_at >= ${monthStartOf(now)}) AS spent
    FROM users u WHERE u.id = ${payer.subUserId}`);
  const row = result.rows[0];
  const cap = BigInt(row?.cap ?? 0);
  const spent = BigInt(row?.spent ?? 0);
  if (spent + amountMicros > cap) {
    const remaining = cap > spent ? cap - spent : 0n;
    throw new AppError('business_rule', ErrorCode.SUB_ACCOUNT_SPEND_CAP_EXCEEDED, {
      cap: formatDollars(cap),
      remaining: formatDollars(remaining),
    });
  }
  await tx.db.execute(sql`
    INSERT INTO sub_account_charges (sub_user_id, order_no, amount_micros, created_at)
    VALUES (${payer.subUserId}, ${orderNo}, ${amountMicros}, ${now})`);
}
