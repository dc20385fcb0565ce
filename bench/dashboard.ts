/**
 * `npm run bench:dashboard`: how long the operators' dashboard (GET /business/dashboard) takes on a
 * big ledger: `BENCH_CUSTOMERS` (default 100 000) customers and `BENCH_TRANSACTIONS` (default
 * 5 000 000, two entries each: 10 million ledger entries) spread over the last 365 days, with
 * orders, resources, top-up orders and unpaid hours to join, all seeded set-based (generate_series)
 * on a fresh embedded PostgreSQL. Then each range is read `BENCH_RUNS` times through the same
 * `dashboard()` the route calls, as the demo operator (who sees every customer), p50 and max.
 */
import { eq, sql } from 'drizzle-orm';
import { ROLE_DEFAULT } from '@cloudbay/contracts';
import { DASHBOARD_RANGES } from '@cloudbay/contracts';
import { loadConfig } from '../apps/server/src/config/env';
import type { Db } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { DEMO_ADMIN } from '../apps/server/src/modules/identity/reference-data';
import { movementsSql, topSpendersSql } from '../apps/server/src/modules/business/dashboard/repo';
import { runDashboardRollup } from '../apps/server/src/modules/business/dashboard/rollup';
import { dashboard, rangeStart } from '../apps/server/src/modules/business/dashboard/service';
import { seedBenchUsers, withBenchDatabase } from './lib/database';
import { percentile, publish } from './lib/report';
import { positiveInt } from './lib/options';

const CUSTOMERS = positiveInt('BENCH_CUSTOMERS', 100_000);
const TRANSACTIONS = positiveInt('BENCH_TRANSACTIONS', 5_000_000);
const RUNS = positiveInt('BENCH_RUNS', 5);
/** BENCH_EXPLAIN=1 prints the plans of the two ledger queries of 30 days (stderr). */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const BATCH = 500_000;
/** Orders and resources the charges reference (their product type is what the dashboard joins). */
const ORDERS = Math.max(1, Math.floor(CUSTOMERS * 2));
const DAYS = 365;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  console.error(`[bench] ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

/** Customers with the customer role, created over the year; the two platform accounts. */
async function seedCustomers(db: Db) {
  const ids = await seedBenchUsers(db, CUSTOMERS);
  const first = ids[0]!;
  await db.execute(sql`
    UPDATE users SET created_at = now() - ((id * 7919) % ${DAYS * 86_400}) * interval '1 second'
     WHERE id >= ${first}`);
  await db.execute(sql`
    INSERT INTO user_roles (user_id, role_id)
    SELECT u.id, r.id FROM users u, roles r WHERE u.id >= ${first} AND r.key = ${ROLE_DEFAULT}`);
  await db.execute(sql`
    INSERT INTO ledger_accounts (owner_user_id, kind)
    SELECT id, 'customer_wallet' FROM users WHERE id >= ${first}`);
  await db.execute(sql`
    INSERT INTO ledger_accounts (kind) VALUES ('platform_cash'), ('platform_revenue') ON CONFLICT DO NOTHING`);
  return first;
}

/** Orders and resources of every product type for the charges to reference. */
async function seedOrdersAndResources(db: Db, first: number) {
  await db.execute(sql`
    INSERT INTO orders (no, user_id, product_type, status, resource_status, original_amount_micros, paid_amount_micros)
    SELECT 'ODB' || g, ${first} + g % ${CUSTOMERS},
           (array['desktop', 'phone', 'office_site', 'eip'])[1 + g % 4], 'paid', 'created', 1000000, 1000000
      FROM generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`
    INSERT INTO resources (resource_id, user_id, kind, name, status, resource_status, client_token,
                           billing_method, deleted_at)
    SELECT 'rb-' || g, ${first} + g % ${CUSTOMERS}, (array['desktop', 'phone', 'eip'])[1 + g % 3], 'bench ' || g,
           'running', 'created', 'bench:' || g, 'payg', CASE WHEN g % 5 = 0 THEN now() END
      FROM generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`
    INSERT INTO topup_orders (no, user_id, pay_type, gateway, money_micros, status, expires_at, created_at)
    SELECT 'TB' || g, ${first} + g % ${CUSTOMERS}, '1', 'sandbox', 100000000,
           (array[2, 2, 2, 2, 3, 4])[1 + g % 6], now(), now() - ((g::bigint * 104729) % ${DAYS * 86_400}) * interval '1 second'
      FROM generate_series(1, ${CUSTOMERS * 3}) g`);
  await db.execute(sql`
    INSERT INTO resource_hour_charges (resource_id, hour_start, user_id, run_micros, outcome, created_at)
    SELECT r.id, date_trunc('hour', now()) - (r.id % (24 * 60)) * interval '1 hour', r.user_id, 50000, 'unpaid', now()
      FROM resources r WHERE r.resource_id LIKE 'rb-%' AND r.id % 50 = 0`);
}

/**
 * Transactions in batches, one customer after the other in rounds: two rounds in ten top up
 * ($50–$500, the first round included), the rest are purchases (an order number) or hourly charges
 * (a resource id) of $0.05–$20, so every wallet stays positive. Two entries each: the wallet and
 * the platform side.
 */
async function seedLedger(db: Db, first: number) {
  const platform = await db.execute<{ kind: string; id: bigint }>(sql`
    SELECT kind, id FROM ledger_accounts WHERE owner_user_id IS NULL AND kind IN ('platform_cash', 'platform_revenue')`);
  const platformId = (kind: string) => Number(platform.rows.find((row) => row.kind === kind)!.id);
  for (let lo = 1; lo <= TRANSACTIONS; lo += BATCH) {
    const hi = Math.min(TRANSACTIONS, lo + BATCH - 1);
    // One statement per batch: the transactions, then both entries of each from what it returned.
    await timed(`transactions ${lo}–${hi}`, () =>
      db.execute(sql`
        WITH t AS (
          INSERT INTO ledger_transactions (kind, reference, idempotency_key, user_id, created_at)
          SELECT CASE WHEN r < 2 THEN 'topup' WHEN r < 5 THEN 'purchase' ELSE 'payg_hourly' END,
                 CASE WHEN r < 2 THEN NULL
                      WHEN r < 5 THEN 'ODB' || (1 + g % ${ORDERS}::int) ELSE 'rb-' || (1 + g % ${ORDERS}::int) END,
                 'bench:' || g, ${first}::bigint + (g - 1) % ${CUSTOMERS}::int,
                 now() - ((g::bigint * 7919) % ${DAYS * 86_400}::int) * interval '1 second'
            FROM generate_series(${lo}::int, ${hi}::int) g,
                 -- Each customer's n-th movement: the first two of every ten rounds top up.
                 LATERAL (SELECT ((g - 1) / ${CUSTOMERS}::int) % 10 AS r) round
          RETURNING id, kind, user_id, created_at
        ), m AS (
          SELECT t.id, w.id AS wallet, t.created_at,
                 CASE WHEN t.kind = 'topup' THEN (50 + t.id % 451) * 1000000
                      ELSE -(50000 + (t.id * 13) % 1996 * 10000) END AS amount,
                 CASE WHEN t.kind = 'topup' THEN ${platformId('platform_cash')}::bigint
                      ELSE ${platformId('platform_revenue')}::bigint END AS platform
            FROM t JOIN ledger_accounts w ON w.owner_user_id = t.user_id AND w.kind = 'customer_wallet'
        )
        INSERT INTO ledger_entries (transaction_id, account_id, amount_micros, created_at)
        SELECT id, wallet, amount, created_at FROM m
        UNION ALL
        SELECT id, platform, -amount, created_at FROM m`),
    );
  }
  // The cached balances are the entries' sums, as the ledger keeps them.
  await timed('wallet balances', () =>
    db.execute(sql`
      UPDATE ledger_accounts a SET balance_micros = s.total
        FROM (SELECT account_id, sum(amount_micros) AS total FROM ledger_entries GROUP BY account_id) s
       WHERE a.id = s.account_id AND a.owner_user_id IS NOT NULL`),
  );
  await timed('analyze', () => db.execute(sql`ANALYZE`));
}

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
await withBenchDatabase({ name: 'dashboard', connections: 8, config }, async (database) => {
  const { db } = database;
  const started = performance.now();
  const first = await timed(`${CUSTOMERS} customers`, () => seedCustomers(db));
  await timed('orders, resources, top-up orders, unpaid hours', () => seedOrdersAndResources(db, first));
  await seedLedger(db, first);
  const seedSeconds = (performance.now() - started) / 1000;
  // What the hourly job does after an upgrade: roll up the finished days a range can show.
  const rollupStarted = performance.now();
  const rolledDays = await runDashboardRollup(database);
  const rollupSeconds = (performance.now() - rollupStarted) / 1000;
  console.error(`[bench] rolled up ${rolledDays} days in ${rollupSeconds.toFixed(1)} s`);
  const [counts] = (
    await db.execute<{ entries: number; transactions: number }>(sql`
      SELECT (SELECT count(*) FROM ledger_entries)::int AS entries,
             (SELECT count(*) FROM ledger_transactions)::int AS transactions`)
  ).rows;
  console.error(`[bench] seeded ${counts!.entries} entries in ${seedSeconds.toFixed(0)} s`);

  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  const rows: (string | number)[][] = [];
  const data: Record<string, unknown>[] = [];
  for (const range of DASHBOARD_RANGES) {
    await dashboard(db, operator!.id, range); // warm-up, unrecorded
    const times: number[] = [];
    let board;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      board = await dashboard(db, operator!.id, range);
      times.push(performance.now() - t0);
    }
    rows.push([
      range,
      percentile(times, 50).toFixed(0),
      Math.max(...times).toFixed(0),
      board!.topups.count + board!.consumption.count,
      board!.newCustomers,
    ]);
    data.push({ range, times, movements: board!.topups.count + board!.consumption.count });
  }
  if (EXPLAIN) {
    const from = rangeStart('30d', new Date());
    // The ledger-only plans (what a scoped operator runs, and what rollups spare the others).
    for (const query of [movementsSql(from, undefined), topSpendersSql(from, 10, undefined)]) {
      const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
      console.error(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  }
  await publish({
    name: 'dashboard',
    headers: ['range', 'p50 ms', 'max ms', 'ledger transactions read', 'new customers'],
    rows,
    notes: [
      `${CUSTOMERS} customers, ${counts!.transactions} ledger transactions (${counts!.entries} entries) over ${DAYS} days, ${ORDERS} orders and resources, ${CUSTOMERS * 3} top-up orders; seeded set-based in ${seedSeconds.toFixed(0)} s.`,
      `The \`dashboard.rollup\` job's first run rolled up ${rolledDays} finished days in ${rollupSeconds.toFixed(0)} s; the dashboard then reads those from the rollups and today from the ledger.`,
      `Each range read ${RUNS} times after one unrecorded read through \`dashboard()\` (the route's service: seven queries at once on a pool of 8), as an operator who sees every customer.`,
      'Embedded PostgreSQL with its default settings on the same machine.',
    ],
    data: {
      customers: CUSTOMERS,
      transactions: counts!.transactions,
      seedSeconds,
      rollupSeconds,
      runs: data,
    },
  });
});
