import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedCustomer } from '../../../test/billing-fixtures';
import { createTestApp } from '../../../test/context';
import { dollars } from '../../../test/topups';
import { checkLedgerInvariants, describeInvariants } from './ledger-invariants';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const query = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);

describe('checkLedgerInvariants', () => {
  it('holds on a ledger written by the ledger, and names each invariant a corruption breaks', async () => {
    const userId = await fundedCustomer(ctx, dollars(30));
    const clean = await checkLedgerInvariants(ctx.db);
    expect(clean.violations).toEqual([]);
    expect(clean.totalMicros).toBe(0n);
    expect(describeInvariants(clean)).toMatch(/^ledger invariants hold/);

    // Money made up: one more platform entry in the top-up's transaction.
    const { rows } = await query(
      `SELECT e.transaction_id, e.id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.owner_user_id = $1`,
      [userId],
    );
    const { transaction_id: transactionId, id: entryId } = rows[0] as { transaction_id: string; id: string };
    await query(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount_micros)
       SELECT $1, id, 5 FROM ledger_accounts WHERE owner_user_id IS NULL LIMIT 1`,
      [transactionId],
    );
    const made = await checkLedgerInvariants(ctx.db);
    expect(made.totalMicros).toBe(5n);
    expect(made.violations).toContain('the entries of all accounts sum to 5, not 0');
    expect(made.violations.some((line) => line.startsWith(`transaction ${transactionId}:`))).toBe(true);

    // A step below zero, even one the cache no longer shows.
    await query('UPDATE ledger_entries SET balance_after_micros = -1 WHERE id = $1', [entryId]);
    const negative = await checkLedgerInvariants(ctx.db);
    expect(negative.negativeSteps).toBe(1);
    expect(negative.violations).toContain('1 customer entries left a balance below zero');
    expect(describeInvariants(negative)).toMatch(/^LEDGER INVARIANTS BROKEN/);
  });
});
