/**
 * `npm run ledger:verify`: recomputes every account balance from its entries and every
 * transaction's sum, and exits non-zero on any drift. Connects to DATABASE_URL, or to the embedded
 * Postgres of `npm start` (started for the check when it is not running).
 * The integration tests call `verifyLedger` after their money tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../config/env';
import { createDatabase, type Db } from '../../db/client';
import {
  DATABASE_NAME,
  embeddedUrl,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../runtime/embedded-postgres';

export interface LedgerDrift {
  /** `account` (cached balance ≠ sum of entries, or an entry's balance_after ≠ the running sum),
   * `transaction` (entries do not sum to zero, or it has none), `negative` (a customer account below 0). */
  kind: 'account' | 'transaction' | 'negative';
  id: number;
  detail: string;
}

export interface LedgerReport {
  accounts: number;
  transactions: number;
  drifts: LedgerDrift[];
}

/**
 * Customer accounts: the cached balance equals the sum of the entries, never below zero, and every
 * entry's balance_after is the running sum up to it. Platform accounts cache nothing (0) and their
 * entries carry no balance_after; their balance is the sum of their entries.
 */
async function accountDrifts(db: Db): Promise<{ count: number; drifts: LedgerDrift[] }> {
  const result = await db.execute<{
    id: bigint;
    kind: string;
    platform: boolean;
    cached: bigint;
    summed: bigint;
    wrong_steps: bigint;
  }>(sql`
    WITH steps AS (
      SELECT e.account_id, e.amount_micros, e.balance_after_micros AS after,
        sum(e.amount_micros) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
      FROM ledger_entries e),
    per_account AS (
      SELECT account_id, sum(amount_micros)::bigint AS summed,
        count(*) FILTER (WHERE after IS DISTINCT FROM running) AS wrong_running,
        count(*) FILTER (WHERE after IS NOT NULL) AS with_after
      FROM steps GROUP BY account_id)
    SELECT a.id, a.kind, a.owner_user_id IS NULL AS platform, a.balance_micros AS cached,
      coalesce(p.summed, 0)::bigint AS summed,
      coalesce(CASE WHEN a.owner_user_id IS NULL THEN p.with_after ELSE p.wrong_running END, 0)::bigint AS wrong_steps
    FROM ledger_accounts a LEFT JOIN per_account p ON p.account_id = a.id`);
  const drifts: LedgerDrift[] = [];
  for (const row of result.rows) {
    const id = Number(row.id);
    const expectedCache = row.platform ? 0n : row.summed;
    if (row.cached !== expectedCache || row.wrong_steps > 0n)
      drifts.push({
        kind: 'account',
        id,
        detail: `${row.kind}: cached ${row.cached}, entries ${row.summed}, ${row.wrong_steps} entries with a wrong balance_after`,
      });
    if (!row.platform && row.cached < 0n)
      drifts.push({ kind: 'negative', id, detail: `${row.kind}: ${row.cached}` });
  }
  return { count: result.rows.length, drifts };
}

async function transactionDrifts(db: Db): Promise<{ count: number; drifts: LedgerDrift[] }> {
  const [total] = (await db.execute<{ n: bigint }>(sql`SELECT count(*) AS n FROM ledger_transactions`)).rows;
  const result = await db.execute<{ id: bigint; total: bigint | null; entries: bigint }>(sql`
    SELECT t.id, sum(e.amount_micros)::bigint AS total, count(e.id) AS entries
    FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
    GROUP BY t.id
    HAVING count(e.id) = 0 OR sum(e.amount_micros) <> 0`);
  const drifts = result.rows.map((row) => ({
    kind: 'transaction' as const,
    id: Number(row.id),
    detail: row.entries === 0n ? 'no entries' : `entries sum to ${row.total}`,
  }));
  return { count: Number(total!.n), drifts };
}

/** Every account and transaction checked against its entries. */
export async function verifyLedger(db: Db): Promise<LedgerReport> {
  const accounts = await accountDrifts(db);
  const transactions = await transactionDrifts(db);
  return {
    accounts: accounts.count,
    transactions: transactions.count,
    drifts: [...accounts.drifts, ...transactions.drifts],
  };
}

export function summarize(report: LedgerReport): string {
  const state = report.drifts.length === 0 ? 'ledger OK' : 'LEDGER DRIFT';
  return `${state}: ${report.accounts} accounts, ${report.transactions} transactions checked, ${report.drifts.length} drifts`;
}

/** The server answers (a running `npm start`), so it must not be started (that would stop it). */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** DATABASE_URL, or the embedded server of `npm start` (started for the check if it is not running). */
async function connect(): Promise<{ url: string; embedded?: EmbeddedPostgres }> {
  const config = loadConfig();
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  const url = embeddedUrl(config.EMBEDDED_PG_PORT, DATABASE_NAME);
  if (await answers(url)) return { url };
  const dataDir = path.join(config.DATA_DIR, 'pg');
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new Error(`No database: set DATABASE_URL, or run npm start once to create ${dataDir}`);
  const embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, persistent: true });
  return { url: embedded.url(DATABASE_NAME), embedded };
}

async function main(): Promise<number> {
  const { url, embedded } = await connect();
  const database = createDatabase(url, { max: 1 });
  try {
    const report = await verifyLedger(database.db);
    for (const drift of report.drifts) console.error(`${drift.kind} ${drift.id}: ${drift.detail}`);
    console.log(summarize(report));
    return report.drifts.length === 0 ? 0 : 1;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error((error as Error).message);
      process.exit(2);
    },
  );
}
