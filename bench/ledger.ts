/**
 * `npm run bench:ledger`: how many wallet charges per second the ledger commits, each one a
 * database transaction through `charge()` exactly as a purchase makes it (lock the wallet row,
 * insert the transaction and its two entries, update the wallet's cached balance; platform accounts
 * keep none), from a pool of `BENCH_CONNECTIONS` concurrent workers:
 *  - on one wallet: every charge waits for the previous one's row lock (the worst case: one busy
 *    customer, or the billing job charging one account);
 *  - spread over 1 000 wallets: charges of different customers run side by side (only the platform
 *    revenue account is shared).
 * A fresh embedded Postgres in a temporary directory, removed afterwards. The ledger is verified
 * clean after the runs; a drift fails the bench.
 */
import { loadConfig } from '../apps/server/src/config/env';
import type { Database } from '../apps/server/src/db/client';
import { inTransaction } from '../apps/server/src/db/transaction';
import { charge, credit } from '../apps/server/src/modules/wallet/ledger';
import { verifyLedger } from '../apps/server/src/modules/wallet/verify-ledger';
import { seedBenchUsers, withBenchDatabase } from './lib/database';
import { percentile, publish } from './lib/report';
import { positiveInt } from './lib/options';

const DURATION_S = positiveInt('BENCH_DURATION', 10);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 10);
const WALLETS = 1_000;
const CHARGE_MICROS = 10_000n; // one cent
const START_BALANCE_MICROS = 1_000_000_000_000n; // a million dollars: no run can exhaust it

/** Creates `count` customers with a funded wallet straight in SQL (sign-up's hashing is not measured). */
async function seedCustomers(database: Database, count: number): Promise<number[]> {
  const ids = await seedBenchUsers(database.db, count);
  for (const userId of ids)
    await inTransaction(database.pool, (tx) =>
      credit(tx, {
        userId,
        kind: 'topup',
        amountMicros: START_BALANCE_MICROS,
        idempotencyKey: `bench-fund:${userId}`,
      }),
    );
  return ids;
}

interface Run {
  scenario: string;
  wallets: number;
  charges: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

/** `CONNECTIONS` workers charge `wallets` in turn for `durationMs`; every latency and failure counted. */
async function chargeFor(database: Database, wallets: readonly number[], durationMs: number, tag: string) {
  const latencies: number[] = [];
  let failures = 0;
  let sequence = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  async function worker() {
    while (performance.now() < deadline) {
      const n = sequence++;
      const userId = wallets[n % wallets.length]!;
      const t0 = performance.now();
      try {
        await inTransaction(database.pool, (tx) =>
          charge(tx, {
            userId,
            kind: 'purchase',
            amountMicros: CHARGE_MICROS,
            idempotencyKey: `${tag}:${n}`,
          }),
        );
        latencies.push(performance.now() - t0);
      } catch {
        failures++;
      }
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

async function measure(database: Database, scenario: string, wallets: readonly number[]): Promise<Run> {
  // A short unrecorded warm-up on the same wallets, so the figures do not include cold caches.
  await chargeFor(database, wallets, 1000, `warm:${scenario}`);
  const { latencies, failures, seconds } = await chargeFor(
    database,
    wallets,
    DURATION_S * 1000,
    `bench:${scenario}`,
  );
  return {
    scenario,
    wallets: wallets.length,
    charges: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures,
  };
}

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
await withBenchDatabase({ name: 'ledger', connections: CONNECTIONS, config }, async (database) => {
  console.error(`[bench] seeding ${WALLETS} funded wallets`);
  const wallets = await seedCustomers(database, WALLETS);
  const runs: Run[] = [];
  for (const [scenario, set] of [
    ['one wallet', wallets.slice(0, 1)],
    [`${WALLETS} wallets`, wallets],
  ] as const) {
    console.error(`[bench] ${scenario}: ${DURATION_S} s × ${CONNECTIONS} workers`);
    runs.push(await measure(database, scenario, set));
  }
  const report = await verifyLedger(database.db);
  if (report.drifts.length > 0)
    throw new Error(`ledger drift after the bench: ${JSON.stringify(report.drifts)}`);

  await publish({
    name: 'ledger',
    headers: ['scenario', 'charges/s', 'p50 ms', 'p99 ms', 'charges', 'failures'],
    rows: runs.map((r) => [
      r.scenario,
      Math.round(r.perSecond),
      r.p50Ms.toFixed(1),
      r.p99Ms.toFixed(1),
      r.charges,
      r.failures,
    ]),
    notes: [
      `${CONNECTIONS} concurrent workers (one pool connection each), ${DURATION_S} s per scenario after a 1 s warm-up; each charge is one database transaction through \`charge()\` (wallet → platform revenue, $0.01).`,
      `Embedded PostgreSQL with its default settings, sharing the machine with the workers; \`ledger:verify\` clean afterwards (${report.accounts} accounts, ${report.transactions} transactions).`,
    ],
    data: { durationSeconds: DURATION_S, connections: CONNECTIONS, runs },
  });
});
