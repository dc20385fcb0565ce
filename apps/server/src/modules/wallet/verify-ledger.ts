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
import { embeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from '../../runtime/embedded-postgres';

/** The database `npm start` creates on its embedded server. */
const DATABASE_NAME = 'cloudbay';

export interface LedgerDrift {
  /** `account` (cached balance ≠ sum of entries, or a last balance_after that disagrees),
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

async function accountDrifts(db: Db): Promise<{ count: number; drifts: LedgerDrift[] }> {
  const result = await db.execute<{
    id: bigint;
    kind: string;
    cached: bigint;
    summed: bigint;
    last_after: bigint | null;
  }>(sql`
    SELECT a.id, a.kind, a.balance_micros AS cached,
      coalesce((SELECT sum(e.amount_micros) FROM ledger_entries e WHERE e.account_id = a.id), 0)::bigint AS summed,
      (SELECT e.balance_after_micros FROM ledger_entries e WHERE e.account_id = a.id ORDER BY e.id DESC LIMIT 1) AS last_after
    FROM ledger_accounts a`);
  const drifts: LedgerDrift[] = [];
  for (const row of result.rows) {
    const id = Number(row.id);
    if (row.cached !== row.summed || (row.last_after !== null && row.last_after !== row.cached))
      drifts.push({
        kind: 'account',
        id,
        detail: `${row.kind}: cached ${row.cached}, entries ${row.summed}, last balance_after ${row.last_after}`,
      });
    if ((row.kind === 'customer_wallet' || row.kind === 'customer_hold') && row.cached < 0n)
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
