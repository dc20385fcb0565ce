/**
 * `npm run bench:load`: the console under a mixed load, against one app started as `npm start`
 * starts it (API, job worker and embedded PostgreSQL in one process). For BENCH_DURATION seconds
 * (default 60), after a warm-up, autocannon keeps 200 connections reading (the desktop list, the
 * bills and the orders, a third each) and 50 buying desktops (each purchase a fresh
 * Idempotency-Key), all at once, every request as one of CUSTOMERS funded customers in turn.
 * Prints req/s, p50/p99 and the 5xx count per route, then the ledger invariants; a 5xx on the
 * money route, a broken invariant or an order count that differs from the purchases answered
 * fails the bench.
 */
import { randomUUID } from 'node:crypto';
import autocannon, { type Request, type Result } from 'autocannon';
import { createDatabase, type Database } from '../apps/server/src/db/client';
import { inTransaction } from '../apps/server/src/db/transaction';
import { createMainAccount } from '../apps/server/src/modules/identity/accounts';
import { openSession } from '../apps/server/src/modules/identity/sessions';
import { credit } from '../apps/server/src/modules/wallet/ledger';
import {
  checkLedgerInvariants,
  describeInvariants,
} from '../apps/server/src/modules/wallet/ledger-invariants';
import { startApp } from '../scripts/lib/start-app';
import { positiveInt } from './lib/options';
import { publish } from './lib/report';

const DURATION_S = positiveInt('BENCH_DURATION', 60);
const WARMUP_S = 5;
const READ_CONNECTIONS = 200;
const PURCHASE_CONNECTIONS = 50;
/** Four times the buying connections, so purchases rarely queue on one wallet's row lock. */
const CUSTOMERS = 200;
/** A million dollars each: no run can exhaust it. */
const FUNDS_MICROS = 1_000_000_000_000n;

interface Route {
  name: string;
  money: boolean;
  connections: number;
  request: (token: string) => Request;
  onResponse?: (status: number, body: string) => void;
}

/** The order numbers of the purchases answered 200, checked against the database afterwards. */
const purchasedOrders = new Set<string>();

/** Seeds the customers straight in the app's database (sign-up's hashing is not what this measures). */
async function seedCustomers(database: Database): Promise<string[]> {
  const run = randomUUID().slice(0, 8);
  const tokens: string[] = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const token = await inTransaction(database.pool, async (tx) => {
      const user = await createMainAccount(tx.db, {
        email: `load${i}.${run}@bench.local`,
        passwordHash: 'x', // no password logs in: the bench uses the session below
        nickname: `load ${i}`,
        language: 'en-US',
      });
      await credit(tx, {
        userId: user.id,
        kind: 'topup',
        amountMicros: FUNDS_MICROS,
        idempotencyKey: `bench-load-fund:${user.id}`,
      });
      return openSession(tx.db, user.id, { ip: '127.0.0.1', userAgent: 'bench:load' });
    });
    tokens.push(token);
  }
  return tokens;
}

function routes(regionId: number): Route[] {
  const read = (path: string) => (token: string) => ({
    method: 'GET',
    path,
    headers: { authorization: `Bearer ${token}` },
  });
  const reads = [
    { name: 'GET /api/user/desktop', path: '/api/user/desktop?page=1&limit=20' },
    { name: 'GET /api/user/user_transactions', path: '/api/user/user_transactions?page=1&limit=20' },
    { name: 'GET /api/user/order', path: '/api/user/order?page=1&limit=20' },
  ].map((route, i, all) => ({
    name: route.name,
    money: false,
    // 200 split as evenly as whole connections allow.
    connections: Math.floor(READ_CONNECTIONS / all.length) + (i < READ_CONNECTIONS % all.length ? 1 : 0),
    request: read(route.path),
  }));
  const body = JSON.stringify({
    region_id: regionId,
    bundle_id: 'b-general-2c4g',
    image_id: 'img-ubuntu-2204',
    billing_method: 'subscription',
    period: 1,
    quantity: 1,
    name: 'bench-load',
    agreed: true,
  });
  const purchase: Route = {
    name: 'POST /api/user/desktop',
    money: true,
    connections: PURCHASE_CONNECTIONS,
    request: (token) => ({
      method: 'POST',
      path: '/api/user/desktop',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body,
    }),
    onResponse: (status, text) => {
      if (status === 200)
        purchasedOrders.add((JSON.parse(text) as { data: { order: { no: string } } }).data.order.no);
    },
  };
  return [...reads, purchase];
}

/** Every route at once for `seconds`, each request as the next customer. */
function runAll(baseUrl: string, all: Route[], tokens: string[], seconds: number): Promise<Result[]> {
  let turn = 0;
  const nextToken = () => tokens[turn++ % tokens.length]!;
  return Promise.all(
    all.map((route) =>
      autocannon({
        url: baseUrl,
        connections: route.connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => ({ ...request, ...route.request(nextToken()) }),
            ...(route.onResponse ? { onResponse: route.onResponse } : {}),
          },
        ],
      }),
    ),
  );
}

const count5xx = (result: Result) =>
  Object.entries(result.statusCodeStats)
    .filter(([status]) => status.startsWith('5'))
    .reduce((sum, [, stats]) => sum + stats.count, 0);

const app = await startApp();
const database = createDatabase(app.databaseUrl, { max: 2 });
try {
  console.error(`[bench] seeding ${CUSTOMERS} funded customers with a session each`);
  const tokens = await seedCustomers(database);
  const { rows } = await database.pool.query<{ id: string }>(
    "SELECT id FROM regions WHERE kind = 'desktop' AND enabled ORDER BY id LIMIT 1",
  );
  const all = routes(Number(rows[0]!.id));

  console.error(`[bench] warm-up: ${WARMUP_S} s of every route at once`);
  await runAll(app.baseUrl, all, tokens, WARMUP_S);
  console.error(
    `[bench] ${DURATION_S} s: ${READ_CONNECTIONS} connections reading, ${PURCHASE_CONNECTIONS} buying`,
  );
  const results = await runAll(app.baseUrl, all, tokens, DURATION_S);

  // Every purchase answered 200 is a charged order. A purchase the server was still handling when
  // autocannon stopped (warm-up and measured run) is charged without an answer received: at most
  // one per buying connection and run.
  const answered = [...purchasedOrders];
  const [orders] = (
    await database.pool.query<{ charged: number; answered: number }>(
      `SELECT count(*)::int AS charged, (count(*) FILTER (WHERE o.no = ANY($1)))::int AS answered
         FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.paid_amount_micros > 0 AND u.email LIKE '%@bench.local'`,
      [answered],
    )
  ).rows;
  const unanswered = orders!.charged - orders!.answered;
  const invariants = await checkLedgerInvariants(database.db);
  console.error(`[bench] ${describeInvariants(invariants)}`);

  const runs = all.map((route, i) => {
    const result = results[i]!;
    return {
      route: route.name,
      money: route.money,
      connections: route.connections,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      serverErrors: count5xx(result),
      otherNon2xx: result.non2xx - count5xx(result),
      errors: result.errors + result.timeouts,
      statusCodes: Object.entries(result.statusCodeStats).map(([code, s]) => `${s.count} × ${code}`),
    };
  });
  const moneyServerErrors = runs.filter((run) => run.money).reduce((sum, run) => sum + run.serverErrors, 0);
  const checks = [
    moneyServerErrors === 0 ? undefined : `${moneyServerErrors} purchases answered 5xx`,
    orders!.answered === answered.length
      ? undefined
      : `${answered.length - orders!.answered} purchases answered 200 have no charged order`,
    unanswered <= 2 * PURCHASE_CONNECTIONS
      ? undefined
      : `${unanswered} orders charged without an answer (at most ${2 * PURCHASE_CONNECTIONS} can be cut off)`,
    ...invariants.violations,
  ].filter((problem): problem is string => problem !== undefined);

  await publish({
    name: 'load',
    headers: [
      'route',
      'connections',
      'req/s (avg)',
      'p50 ms',
      'p99 ms',
      'requests',
      '5xx',
      'other non-2xx',
      'errors',
    ],
    rows: runs.map((r) => [
      `\`${r.route}\``,
      r.connections,
      Math.round(r.requestsPerSecond),
      r.latencyP50Ms,
      r.latencyP99Ms,
      r.requests,
      r.serverErrors,
      r.otherNon2xx,
      r.errors,
    ]),
    notes: [
      `autocannon, all four routes at once for ${DURATION_S} s after a ${WARMUP_S} s warm-up; ${CUSTOMERS} customers (funded in SQL, a session each) take turns, each purchase a fresh \`Idempotency-Key\` (a 2c4g desktop for one month); the app's job worker provisions them meanwhile on the simulated cloud.` +
        (DURATION_S < 60
          ? ` A short check run (BENCH_DURATION=${DURATION_S}), not the recorded 60 s figures.`
          : ''),
      ...runs.map((r) => `\`${r.route}\`: ${r.statusCodes.join(', ')}.`),
      `Afterwards: ${answered.length} purchases answered 200 (warm-up included), each a charged order; ${unanswered} more charged whose answer the end of a run cut off; ${describeInvariants(invariants)}.`,
      ...(checks.length > 0 ? [`FAILED: ${checks.join('; ')}.`] : []),
    ],
    data: {
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      customers: CUSTOMERS,
      runs,
      purchasesAnswered: answered.length,
      ordersCharged: orders!.charged,
      invariants: { ...invariants, totalMicros: String(invariants.totalMicros) },
    },
  });
  if (checks.length > 0) {
    console.error(`[bench] FAILED: ${checks.join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
  await app.stop();
}
