/**
 * `npm run bench:dashboard`: how long the operators' dashboard (GET /business/dashboard) takes on a
 * big ledger: `BENCH_CUSTOMERS` (default 100 000) customers and `BENCH_TRANSACTIONS` (default
 * 5 000 000, two entries each: 10 million ledger entries) spread over the last 365 days, with
 * orders, resources, top-up orders and unpaid hours to join, all seeded set-based (generate_series)
 * on a fresh embedded PostgreSQL. Then each range is read `BENCH_RUNS` times through the same
 * `dashboard()` the route calls, as the demo operator (who sees every customer) and as an operator
 * whose data scope is one department (every tenth customer), p50 and max; the scoped figures also
 * from the ledger alone (how they were read before the per-customer rollups).
 *
 * The same data then measures the operators' customer list (GET /business/customer, `bench:customers`
 * section): page 1 and a page in the middle for every sort, through `pageCustomers()`, after
 * checking that every customer's `customer_spend` equals the ledger (the bench fails otherwise).
 */
import { eq, sql } from 'drizzle-orm';
import { CUSTOMER_SORTS, DASHBOARD_RANGES, ROLE_DEFAULT, type DashboardRange } from '@cloudbay/contracts';
import { loadConfig } from '../apps/server/src/config/env';
import type { Db } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { DEMO_ADMIN } from '../apps/server/src/modules/identity/reference-data';
import { movementsSql, topSpendersSql } from '../apps/server/src/modules/business/dashboard/repo';
import { runDashboardRollup } from '../apps/server/src/modules/business/dashboard/rollup';
import { dashboard, rangeStart } from '../apps/server/src/modules/business/dashboard/service';
import { ledgerSpentSql } from '../apps/server/src/modules/business/customer/repo';
import { pageCustomers } from '../apps/server/src/modules/business/customer/service';
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
/** The customer list's page size, and the page in the middle of the list it is read at too. */
const LIMIT = 20;
const middlePage = (customers: number) => Math.max(1, Math.floor(customers / 2 / LIMIT));

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

/**
 * A sales department holding every tenth customer, and its operator: a role whose data scope is
 * the operator's own department ('3', system/data-scope.ts).
 */
async function seedScopedOperator(db: Db, first: number): Promise<{ id: number; customers: number }> {
  const [dept] = (
    await db.execute<{ id: number }>(
      sql`INSERT INTO depts (name, ancestors) VALUES ('Bench sales', '0') RETURNING id`,
    )
  ).rows;
  const moved = await db.execute(
    sql`UPDATE users SET dept_id = ${dept!.id} WHERE id >= ${first} AND id % 10 = 0`,
  );
  const [role] = (
    await db.execute<{ id: bigint }>(sql`
      INSERT INTO roles (key, name, data_scope) VALUES ('bench_sales', 'Bench sales', '3') RETURNING id`)
  ).rows;
  const [operator] = (
    await db.execute<{ id: bigint }>(sql`
      INSERT INTO users (email, password_hash, nickname, invite_code, dept_id)
      VALUES ('bench-sales@bench.local', 'x', 'bench sales', 'BSALES01', ${dept!.id}) RETURNING id`)
  ).rows;
  await db.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${operator!.id}, ${role!.id})`);
  return { id: Number(operator!.id), customers: moved.rowCount ?? 0 };
}

/** `work` once unrecorded, then `runs` times: the times in ms and the last answer. */
async function measured<T>(work: () => Promise<T>, runs = RUNS) {
  await work();
  const times: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    value = await work();
    times.push(performance.now() - t0);
  }
  return { times, p50: percentile(times, 50), max: Math.max(...times), value: value! };
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
  const scoped = await seedScopedOperator(db, first);
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
  const scopeLabel = `one department (${scoped.customers} customers)`;
  const readers = [
    { label: 'every customer', id: operator!.id, ledgerOnly: false, runs: RUNS },
    { label: scopeLabel, id: scoped.id, ledgerOnly: false, runs: RUNS },
    // Before the per-customer rollups a scoped operator read every day from the ledger.
    {
      label: `${scopeLabel}, ledger only (before)`,
      id: scoped.id,
      ledgerOnly: true,
      runs: Math.min(RUNS, 3),
    },
  ];
  for (const reader of readers) {
    for (const range of DASHBOARD_RANGES as readonly DashboardRange[]) {
      const run = await measured(
        () => dashboard(db, reader.id, range, new Date(), { ledgerOnly: reader.ledgerOnly }),
        reader.runs,
      );
      const board = run.value;
      const movements = board.topups.count + board.consumption.count;
      rows.push([range, reader.label, run.p50.toFixed(0), run.max.toFixed(0), movements, board.newCustomers]);
      data.push({ range, reader: reader.label, times: run.times, movements });
    }
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
    headers: ['range', 'operator sees', 'p50 ms', 'max ms', 'ledger transactions read', 'new customers'],
    leftColumns: [0, 1],
    rows,
    notes: [
      `${CUSTOMERS} customers, ${counts!.transactions} ledger transactions (${counts!.entries} entries) over ${DAYS} days, ${ORDERS} orders and resources, ${CUSTOMERS * 3} top-up orders; seeded set-based in ${seedSeconds.toFixed(0)} s.`,
      `The \`dashboard.rollup\` job's first run rolled up ${rolledDays} finished days in ${rollupSeconds.toFixed(0)} s; the dashboard then reads those from the rollups and today from the ledger.`,
      `Each range read ${RUNS} times (3 for the ledger-only rows) after one unrecorded read through \`dashboard()\` (the route's service: seven queries at once on a pool of 8), as an operator who sees every customer and as one whose data scope is their department (the finished days from the per-customer rollups; "ledger only" is every day from the ledger, as before those).`,
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
  await benchCustomerList(db, first, operator!.id, scoped);
});

/**
 * The customer list: first `customer_spend` against the ledger for every customer (one pass over
 * the spending entries, which is also what sorting by spent cost per request before), then page 1
 * and the middle page of every sort, newest/highest first.
 */
async function benchCustomerList(
  db: Db,
  first: number,
  adminId: number,
  scoped: { id: number; customers: number },
) {
  const check = await measured(
    () =>
      db.execute<{ customers: number; wrong: number }>(sql`
        SELECT count(*)::int AS customers,
          count(*) FILTER (WHERE coalesce(sp.spent_micros, 0) <> coalesce(l.spent, 0)
            OR (CASE WHEN sp.month = date_trunc('month', now() AT TIME ZONE 'UTC')::date
                THEN sp.month_spent_micros ELSE 0 END) <> coalesce(m.spent, 0))::int AS wrong
        FROM users u
        LEFT JOIN customer_spend sp ON sp.user_id = u.id
        LEFT JOIN (${ledgerSpentSql()}) l ON l.user_id = u.id
        LEFT JOIN (${ledgerSpentSql(true)}) m ON m.user_id = u.id
        WHERE u.id >= ${first} AND u.id <> ${scoped.id}`),
    1,
  );
  const { customers, wrong } = check.value.rows[0]!;
  if (wrong !== 0) throw new Error(`customer_spend differs from the ledger for ${wrong} customers`);
  const ledgerPass = await measured(() => db.execute(sql`SELECT count(*) FROM (${ledgerSpentSql()}) s`), 1);
  console.error(`[bench] customer_spend equals the ledger for all ${customers} customers`);

  const rows: (string | number)[][] = [];
  const data: Record<string, unknown>[] = [];
  const readers = [
    { label: 'every customer', id: adminId, customers: CUSTOMERS },
    { label: `one department (${scoped.customers})`, id: scoped.id, customers: scoped.customers },
  ];
  for (const reader of readers) {
    for (const sort of CUSTOMER_SORTS) {
      for (const page of [1, middlePage(reader.customers)]) {
        const query = { page, limit: LIMIT, sort, order: 'desc' as const };
        const run = await measured(() => pageCustomers(db, reader.id, query));
        rows.push([sort, page, reader.label, run.p50.toFixed(0), run.max.toFixed(0), run.value.total]);
        data.push({ sort, page, reader: reader.label, times: run.times, total: run.value.total });
      }
    }
  }
  const notes = [
    `The same ${CUSTOMERS} customers and ledger as the dashboard run above; pages of ${LIMIT}: page 1 and the page in the middle of the operator's list.`,
    `Each read ${RUNS} times after one unrecorded read through \`pageCustomers()\` (the route's service: the page and its count at once).`,
    `\`customer_spend\` equalled the ledger's spent totals (all time and this month) for all ${customers} customers; the one pass over the spending entries that checks it takes ${ledgerPass.p50.toFixed(0)} ms (all time alone), which every sort by spent paid per request before the table.`,
  ];
  await publish({
    name: 'customers',
    headers: ['sort (desc)', 'page', 'operator sees', 'p50 ms', 'max ms', 'customers listed'],
    leftColumns: [0, 2],
    rows,
    notes,
    data: { customers: CUSTOMERS, ledgerPassMs: ledgerPass.p50, checkMs: check.p50, runs: data },
  });
}
