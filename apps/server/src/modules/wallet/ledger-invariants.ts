/**
 * The money invariants a workload must leave true, checked in one place for the random workload
 * test and `npm run bench:load`: everything `verifyLedger` checks (cached balance = sum of entries,
 * every balance_after the running sum, every transaction sums to zero, no customer account below
 * zero), plus the two that need the whole ledger: the entries of all accounts sum to zero (money is
 * only moved, never made), and no customer entry ever left its account below zero.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verifyLedger, type LedgerReport } from './verify-ledger';

export interface LedgerInvariants {
  ledger: LedgerReport;
  /** Sum of every entry of every account (platform ones included): 0 when nothing was made up. */
  totalMicros: bigint;
  /** Customer entries whose balance after was below zero, at any time. */
  negativeSteps: number;
  /** One line per broken invariant; empty when all hold. */
  violations: string[];
}

export async function checkLedgerInvariants(db: Db): Promise<LedgerInvariants> {
  const ledger = await verifyLedger(db);
  const [row] = (
    await db.execute<{ total: bigint; negative_steps: bigint }>(sql`
      SELECT
        (SELECT coalesce(sum(amount_micros), 0)::bigint FROM ledger_entries) AS total,
        (SELECT count(*) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.owner_user_id IS NOT NULL AND e.balance_after_micros < 0) AS negative_steps`)
  ).rows;
  const totalMicros = BigInt(row!.total);
  const negativeSteps = Number(row!.negative_steps);
  const violations = ledger.drifts.map((drift) => `${drift.kind} ${drift.id}: ${drift.detail}`);
  if (totalMicros !== 0n) violations.push(`the entries of all accounts sum to ${totalMicros}, not 0`);
  if (negativeSteps > 0) violations.push(`${negativeSteps} customer entries left a balance below zero`);
  return { ledger, totalMicros, negativeSteps, violations };
}

export function describeInvariants(report: LedgerInvariants): string {
  const { accounts, transactions } = report.ledger;
  return report.violations.length === 0
    ? `ledger invariants hold: ${accounts} accounts, ${transactions} transactions, sum of all entries 0, no negative balance`
    : `LEDGER INVARIANTS BROKEN (${report.violations.length}): ${report.violations.slice(0, 10).join('; ')}`;
}
