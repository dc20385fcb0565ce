/**
 * `npm run bench:billing`: one hourly pay-as-you-go billing tick (`runHourlyBilling`, exactly as
 * the `billing.hourly` job runs it) over `BENCH_RESOURCES` running resources (default 100 000) of
 * `BENCH_CUSTOMERS` customers (default 20 000), seeded straight in SQL with funded wallets and
 * instances on the simulated cloud (whose traffic is billed too). A few customers (1 in 200) hold
 * too little to pay their hour, so the tick also refuses charges and stops those resources for
 * arrears. Then the same hour again, which must bill nothing. Goal: the tick under 60 s on the
 * 2-core machine. A fresh embedded Postgres in a temporary directory, removed afterwards; the
 * ledger is verified clean afterwards (a drift fails the bench).
 */
import { sql } from 'drizzle-orm';
import { createCoreDeps } from '../apps/server/src/app-deps';
import { loadConfig } from '../apps/server/src/config/env';
import type { Database } from '../apps/server/src/db/client';
import { ManualClock } from '../apps/server/src/lib/clock';
import { formatDollars } from '../apps/server/src/lib/money';
import { runHourlyBilling, HOUR_MS } from '../apps/server/src/modules/billing/hourly';
import { ensureAccount } from '../apps/server/src/modules/wallet/ledger-repo';
import { verifyLedger } from '../apps/server/src/modules/wallet/verify-ledger';
import { seedBenchUsers, withBenchDatabase } from './lib/database';
import { publish } from './lib/report';
import { positiveInt } from './lib/options';

const RESOURCES = positiveInt('BENCH_RESOURCES', 100_000);
const CUSTOMERS = positiveInt('BENCH_CUSTOMERS', 20_000);
/** One customer in this many cannot pay its hour. */
const SHORT_EVERY = 200;
const FUNDED_MICROS = 1_000_000_000n; // $1 000: a funded customer pays every hour
const SHORT_MICROS = 100_000n; // $0.10: less than one of its resources' hours
const HOUR = new Date(Date.UTC(2026, 5, 1, 10));

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

/** Customers with a wallet funded by one top-up each, written set-based so the ledger stays exact. */
async function seedCustomers(database: Database) {
  const { db } = database;
  await seedBenchUsers(db, CUSTOMERS);
  await db.execute(sql`
    INSERT INTO ledger_accounts (owner_user_id, kind) SELECT id, 'customer_wallet' FROM users WHERE email LIKE 'bench%'`);
  const cash = await ensureAccount(db, null, 'platform_cash');
  await db.execute(sql`
    WITH w AS (
      SELECT a.id AS wallet_id, a.owner_user_id AS user_id,
             CASE WHEN a.owner_user_id % ${SHORT_EVERY} = 0 THEN ${SHORT_MICROS}::bigint
                  ELSE ${FUNDED_MICROS}::bigint END AS amount
        FROM ledger_accounts a JOIN users u ON u.id = a.owner_user_id
       WHERE a.kind = 'customer_wallet' AND u.email LIKE 'bench%'),
    t AS (
      INSERT INTO ledger_transactions (kind, idempotency_key, user_id)
      SELECT 'topup', 'bench-fund:' || user_id, user_id FROM w
      RETURNING id, user_id),
    e AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount_micros, balance_after_micros)
      SELECT t.id, w.wallet_id, w.amount, w.amount FROM t JOIN w USING (user_id)
      UNION ALL
      SELECT t.id, ${cash}, -w.amount, NULL FROM t JOIN w USING (user_id))
    UPDATE ledger_accounts a SET balance_micros = w.amount FROM w WHERE a.id = w.wallet_id`);
}

/** Running pay-as-you-go desktops, each with its instance on the simulated cloud (for traffic). */
async function seedResources(database: Database) {
  const { db } = database;
  const region = await db.execute<{ id: bigint; wy_region_id: string }>(sql`
    SELECT id, wy_region_id FROM regions WHERE kind = 'desktop' AND enabled ORDER BY id LIMIT 1`);
  const { id: regionId, wy_region_id: wyRegion } = region.rows[0]!;
  const since = new Date(HOUR.getTime() - 24 * HOUR_MS).toISOString();
  await db.execute(sql`
    INSERT INTO sim_resources (kind, instance_id, region, client_token, status, spec, attributes, created_at, updated_at)
    SELECT 'desktop', 'bench-d-' || g, ${wyRegion}, 'bench:' || g, 'running',
           '{"chargeType": "payg"}'::jsonb, '{"chargeType": "payg"}'::jsonb, ${since}::timestamptz, ${since}::timestamptz
      FROM generate_series(1, ${RESOURCES}) g`);
  await db.execute(sql`
    WITH c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE 'bench%')
    INSERT INTO resources (resource_id, user_id, kind, region_id, name, status, resource_status, instance_id,
                           client_token, billing_method, hourly_price_micros, spec, created_at, updated_at)
    SELECT 'dk-bench-' || g, c.id, 'desktop', ${regionId}, 'bench desktop ' || g, 'running', 'created',
           'bench-d-' || g, 'bench:' || g, 'payg', 50000 * (1 + g % 8), '{}'::jsonb,
           ${since}::timestamptz, ${since}::timestamptz
      FROM generate_series(1, ${RESOURCES}) g JOIN c ON c.n = (g - 1) % ${CUSTOMERS}`);
  await db.execute(sql`ANALYZE`);
}

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SIM_FAULTS: '' });
await withBenchDatabase({ name: 'billing', connections: 4, config }, async (database) => {
  console.error(`[bench] seeding ${CUSTOMERS} customers and ${RESOURCES} running pay-as-you-go resources`);
  const seeding = await timed(async () => {
    await seedCustomers(database);
    await seedResources(database);
  });
  console.error(`[bench] seeded in ${seeding.seconds.toFixed(1)} s; billing ${HOUR.toISOString()}`);

  const clock = new ManualClock(HOUR.getTime() + HOUR_MS + 5 * 60_000);
  const deps = createCoreDeps(config, database, clock);
  const log = (message: string) => console.error(`[bench] ${message}`);
  const tick = await timed(() => runHourlyBilling(deps, HOUR, log));
  console.error(`[bench] tick: ${tick.seconds.toFixed(1)} s; running the same hour again`);
  const again = await timed(() => runHourlyBilling(deps, HOUR));
  if (again.value.billed !== 0) throw new Error(`the second run billed ${again.value.billed} resource-hours`);

  const report = await verifyLedger(database.db);
  if (report.drifts.length > 0)
    throw new Error(`ledger drift after the bench: ${JSON.stringify(report.drifts.slice(0, 5))}`);
  const r = tick.value;
  await publish({
    name: 'billing',
    headers: [
      'run',
      'seconds',
      'resource-hours billed',
      'charged',
      'unpaid',
      'stopped',
      'amount',
      'traffic GB',
    ],
    rows: [
      [
        'first tick',
        tick.seconds.toFixed(1),
        r.billed,
        r.charged,
        r.unpaid,
        r.stopped,
        `$${formatDollars(r.chargedMicros)}`,
        (Number(r.trafficBytes) / 1e9).toFixed(1),
      ],
      ['same hour again', again.seconds.toFixed(1), again.value.billed, 0, 0, 0, '$0.00', '0.0'],
    ],
    notes: [
      `${RESOURCES} running pay-as-you-go desktops of ${CUSTOMERS} customers, seeded in SQL with funded wallets (1 customer in ${SHORT_EVERY} holds $0.10, less than an hour) and simulated-cloud instances; hourly prices $0.05–$0.40; outbound traffic from the simulated cloud at the region's $/GB.`,
      `One \`runHourlyBilling\` call: select the unbilled resource-hours, traffic in batches of 5 000 ids, then per batch of ~5 000 resources (whole customers) one transaction: claim the hours (\`resource_hour_charges\`, ON CONFLICT DO NOTHING), \`chargeMany\` (wallets locked in id order, set-based inserts), outcomes, notices; then stops for arrears through \`requestAction\`. Goal: under 60 s.`,
      `Embedded PostgreSQL with its default settings on the same machine; \`ledger:verify\` clean afterwards (${report.accounts} accounts, ${report.transactions} transactions).`,
    ],
    data: {
      resources: RESOURCES,
      customers: CUSTOMERS,
      seedSeconds: seeding.seconds,
      tick: {
        ...r,
        chargedMicros: String(r.chargedMicros),
        trafficBytes: String(r.trafficBytes),
        seconds: tick.seconds,
      },
      againSeconds: again.seconds,
    },
  });
});
