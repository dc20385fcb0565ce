/**
 * Set-based charging: many customers' charges posted in a handful of SQL statements, for the
 * hourly pay-as-you-go billing job (100 000 resource-hours in one run). The result is the same
 * ledger `charge()` would write one by one, in the same order: one transaction per charge under
 * its idempotency key, a wallet entry with the running balance after it, a platform entry without
 * one, and each wallet's cached balance updated once.
 *
 * What `charge()` does per posting is done here per set:
 *  - keys posted before are answered as `replayed` and move nothing (re-running is a no-op);
 *  - the wallets concerned are locked `FOR UPDATE` in id order (the order every poster uses, so no
 *    deadlock with `charge()`), their balances read once;
 *  - each wallet's charges are taken in the caller's order while they fit; one that does not fit
 *    is `refused` (a later, smaller one may still fit, exactly as posting them in turn would), so
 *    no wallet ever goes below zero;
 *  - transactions, entries and balances are written with INSERT … SELECT over unnest(arrays);
 *  - the referral rewards of the charges are earned set-based too (`referral-earning.ts`).
 * It runs in the caller's database transaction, like the rest of the ledger.
 */
import { CUSTOMER_WALLET } from './service';
import { CHARGE_TARGET, LEDGER_KINDS, LedgerInvariantError, type ChargeKind } from './ledger';
import { ensureAccount } from './ledger-repo';
import { earnReferralRewards } from './referral-earning';
import type { Tx } from '../../db/transaction';

export interface BulkCharge {
  userId: number;
  /** Positive micro-dollars. */
  amountMicros: bigint;
  /** Unique per business event; a key already in the ledger is answered as replayed. */
  idempotencyKey: string;
  reference?: string | null;
  kind: ChargeKind;
  memo?: string | null;
}

export interface BulkChargeResult {
  /** Posted now, with the wallet's balance right after this charge. */
  charged: { idempotencyKey: string; transactionId: number; balanceAfterMicros: bigint }[];
  /** Posted before under the same key: nothing moved now. */
  replayed: { idempotencyKey: string; transactionId: number }[];
  /** Did not fit the wallet's balance: nothing posted. */
  refused: string[];
}

function assertChargeable(charges: readonly BulkCharge[]): void {
  const keys = new Set<string>();
  for (const c of charges) {
    if (!c.idempotencyKey) throw new LedgerInvariantError('an idempotency key is required');
    if (keys.has(c.idempotencyKey)) throw new LedgerInvariantError(`key ${c.idempotencyKey} given twice`);
    keys.add(c.idempotencyKey);
    if (typeof c.amountMicros !== 'bigint' || c.amountMicros <= 0n)
      throw new LedgerInvariantError('a movement amount is positive bigint micro-dollars');
    if (!(c.kind in CHARGE_TARGET) || !LEDGER_KINDS.includes(c.kind))
      throw new LedgerInvariantError(`unknown charge kind ${c.kind}`);
  }
}

/* pg serialises JS arrays as Postgres arrays; bigints travel as decimal strings. */
const text = (values: readonly bigint[] | readonly number[]) => values.map(String);

async function findPosted(tx: Tx, keys: string[]): Promise<Map<string, number>> {
  const { rows } = await tx.client.query<{ id: bigint; idempotency_key: string }>(
    'SELECT id, idempotency_key FROM ledger_transactions WHERE idempotency_key = ANY($1::text[])',
    [keys],
  );
  return new Map(rows.map((row) => [row.idempotency_key, Number(row.id)]));
}

/** Opens the wallets that do not exist yet (only the missing ones: a conflict would burn ids). */
async function lockWallets(tx: Tx, userIds: number[]): Promise<Map<number, { id: number; balance: bigint }>> {
  await tx.client.query(
    `INSERT INTO ledger_accounts (owner_user_id, kind)
     SELECT DISTINCT u.id, $2 FROM unnest($1::bigint[]) AS u(id)
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_user_id = u.id AND a.kind = $2)
     ON CONFLICT DO NOTHING`,
    [text(userIds), CUSTOMER_WALLET],
  );
  const { rows } = await tx.client.query<{ id: bigint; owner_user_id: bigint; balance_micros: bigint }>(
    `SELECT id, owner_user_id, balance_micros FROM ledger_accounts
     WHERE kind = $2 AND owner_user_id = ANY($1::bigint[])
     ORDER BY id FOR UPDATE`,
    [text(userIds), CUSTOMER_WALLET],
  );
  return new Map(
    rows.map((row) => [Number(row.owner_user_id), { id: Number(row.id), balance: row.balance_micros }]),
  );
}

interface Accepted {
  charge: BulkCharge;
  walletId: number;
  /** The wallet's balance before this run's first charge on it. */
  startBalance: bigint;
  balanceAfter: bigint;
}

/** Per wallet, in the caller's order: a charge is taken when it fits what is left, else refused. */
function decide(charges: readonly BulkCharge[], wallets: Map<number, { id: number; balance: bigint }>) {
  const left = new Map([...wallets].map(([userId, w]) => [userId, w.balance]));
  const accepted: Accepted[] = [];
  const refused: string[] = [];
  for (const c of charges) {
    const wallet = wallets.get(c.userId)!;
    const balance = left.get(c.userId)!;
    if (c.amountMicros > balance) {
      refused.push(c.idempotencyKey);
      continue;
    }
    left.set(c.userId, balance - c.amountMicros);
    accepted.push({
      charge: c,
      walletId: wallet.id,
      startBalance: wallet.balance,
      balanceAfter: balance - c.amountMicros,
    });
  }
  return { accepted, refused };
}

/** Inserts the transactions in order; a key another poster took meanwhile is left out (not ours). */
async function insertTransactions(tx: Tx, accepted: Accepted[]): Promise<Map<string, number>> {
  const { rows } = await tx.client.query<{ id: bigint; idempotency_key: string }>(
    `INSERT INTO ledger_transactions (kind, reference, idempotency_key, user_id, memo)
     SELECT c.kind, c.reference, c.key, c.user_id, c.memo
     FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[])
       WITH ORDINALITY AS c(kind, reference, key, user_id, memo, ord)
     ORDER BY c.ord
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id, idempotency_key`,
    [
      accepted.map((a) => a.charge.kind),
      accepted.map((a) => a.charge.reference ?? null),
      accepted.map((a) => a.charge.idempotencyKey),
      text(accepted.map((a) => a.charge.userId)),
      accepted.map((a) => a.charge.memo ?? null),
    ],
  );
  return new Map(rows.map((row) => [row.idempotency_key, Number(row.id)]));
}

/**
 * Both entries of every transaction. A wallet entry's balance after is the wallet's starting
 * balance minus the running sum of its charges (a window in the caller's order); rows are inserted
 * in that order, so entry ids follow it and `verifyLedger`'s running sum by id agrees.
 */
async function insertEntries(tx: Tx, posted: (Accepted & { transactionId: number; targetId: number })[]) {
  await tx.client.query(
    `WITH c AS (
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[])
         WITH ORDINALITY AS c(transaction_id, wallet_id, target_id, amount, start_balance, ord)),
     e AS (
       SELECT transaction_id, wallet_id AS account_id, -amount AS amount,
         start_balance - sum(amount) OVER (PARTITION BY wallet_id ORDER BY ord) AS after, ord, 0 AS side
       FROM c
       UNION ALL
       SELECT transaction_id, target_id, amount, NULL, ord, 1 FROM c)
     INSERT INTO ledger_entries (transaction_id, account_id, amount_micros, balance_after_micros)
     SELECT transaction_id, account_id, amount, after FROM e ORDER BY ord, side`,
    [
      text(posted.map((p) => p.transactionId)),
      text(posted.map((p) => p.walletId)),
      text(posted.map((p) => p.targetId)),
      text(posted.map((p) => p.charge.amountMicros)),
      text(posted.map((p) => p.startBalance)),
    ],
  );
  // Each wallet's cached balance once: minus everything taken from it now.
  await tx.client.query(
    `UPDATE ledger_accounts a SET balance_micros = a.balance_micros - s.total, updated_at = now()
     FROM (SELECT wallet_id, sum(amount) AS total
           FROM unnest($1::bigint[], $2::bigint[]) AS c(wallet_id, amount) GROUP BY wallet_id) s
     WHERE a.id = s.wallet_id`,
    [text(posted.map((p) => p.walletId)), text(posted.map((p) => p.charge.amountMicros))],
  );
}

/**
 * Charges many customers at once inside the caller's transaction (see the file's header). Charges
 * of one wallet are decided in the order given; the answer says which were charged, replayed
 * (key posted before) or refused (did not fit the balance).
 */
export async function chargeMany(tx: Tx, charges: readonly BulkCharge[]): Promise<BulkChargeResult> {
  assertChargeable(charges);
  const result: BulkChargeResult = { charged: [], replayed: [], refused: [] };
  if (charges.length === 0) return result;

  const posted = await findPosted(
    tx,
    charges.map((c) => c.idempotencyKey),
  );
  for (const [idempotencyKey, transactionId] of posted)
    result.replayed.push({ idempotencyKey, transactionId });
  const fresh = charges.filter((c) => !posted.has(c.idempotencyKey));
  if (fresh.length === 0) return result;

  const wallets = await lockWallets(tx, [...new Set(fresh.map((c) => c.userId))]);
  const { accepted, refused } = decide(fresh, wallets);
  result.refused = refused;
  if (accepted.length === 0) return result;

  const targets = new Map<ChargeKind, number>();
  for (const kind of new Set(accepted.map((a) => a.charge.kind)))
    targets.set(kind, await ensureAccount(tx.db, null, CHARGE_TARGET[kind]));

  const inserted = await insertTransactions(tx, accepted);
  const mine = accepted
    .filter((a) => inserted.has(a.charge.idempotencyKey))
    .map((a) => ({
      ...a,
      transactionId: inserted.get(a.charge.idempotencyKey)!,
      targetId: targets.get(a.charge.kind)!,
    }));
  if (mine.length < accepted.length) {
    // Another poster committed some of these keys after our check: theirs stand, ours are replays.
    const late = await findPosted(
      tx,
      accepted.filter((a) => !inserted.has(a.charge.idempotencyKey)).map((a) => a.charge.idempotencyKey),
    );
    for (const [idempotencyKey, transactionId] of late)
      result.replayed.push({ idempotencyKey, transactionId });
    // The running balances must skip what was not taken: recompute them from the start balances.
    const taken = new Map<number, bigint>();
    for (const m of mine) {
      const after = (taken.get(m.walletId) ?? m.startBalance) - m.charge.amountMicros;
      taken.set(m.walletId, after);
      m.balanceAfter = after;
    }
  }
  if (mine.length > 0) {
    await insertEntries(tx, mine);
    // The inviters' referral rewards of these charges, in this transaction and set-based (issue 22).
    await earnReferralRewards(
      tx,
      mine.map((m) => ({
        userId: m.charge.userId,
        amountMicros: m.charge.amountMicros,
        sourceTransactionId: m.transactionId,
        kind: m.charge.kind,
        reference: m.charge.reference ?? null,
      })),
    );
  }
  result.charged = mine.map((m) => ({
    idempotencyKey: m.charge.idempotencyKey,
    transactionId: m.transactionId,
    balanceAfterMicros: m.balanceAfter,
  }));
  return result;
}
