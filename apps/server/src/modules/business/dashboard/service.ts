/** GET /business/dashboard: the operator's figures of one range (today, 7 or 30 UTC days). */
import {
  DASHBOARD_RANGE_DAYS,
  DASHBOARD_TOP_CUSTOMERS,
  type Dashboard,
  type DashboardRange,
} from '@cloudbay/contracts';
import type { Db } from '../../../db/client';
import { formatDollars } from '../../../lib/money';
import { customerIdScope } from '../scope';
import {
  CONSUMPTION_KINDS,
  customerBalances,
  customersInArrears,
  liveResources,
  movementsByDay,
  newCustomersByDay,
  rolledDays,
  topSpenders,
  topupVerdicts,
  type MovementRow,
} from './repo';

const DAY_MS = 86_400_000;
const isConsumption = (kind: string) => (CONSUMPTION_KINDS as readonly string[]).includes(kind);
const dayKey = (day: Date) => day.toISOString().slice(0, 10);

/**
 * Where the ledger must be read live: the first day of the range that is not rolled up (today at
 * the latest). The days before it come from the rollups (a scoped operator's from the per-customer
 * ones, summed over the customers of their scope).
 */
export async function liveFrom(db: Db, from: Date, now: Date): Promise<Date> {
  const rolled = await rolledDays(db, from);
  let day = from;
  while (day < now && rolled.has(dayKey(day))) day = new Date(day.getTime() + DAY_MS);
  return day;
}

/** The range's first instant: the UTC midnight `days - 1` days before today's. */
export function rangeStart(range: DashboardRange, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (DASHBOARD_RANGE_DAYS[range] - 1) * DAY_MS);
}

function sumOf(rows: MovementRow[]) {
  return {
    amount: formatDollars(rows.reduce((sum, row) => sum + BigInt(row.amount), 0n)),
    count: rows.reduce((sum, row) => sum + row.n, 0),
  };
}

/** Consumption per product type, the largest first. */
function byType(rows: MovementRow[]) {
  const types = new Map<string, { amount: bigint; count: number }>();
  for (const row of rows) {
    const total = types.get(row.product_type) ?? { amount: 0n, count: 0 };
    types.set(row.product_type, { amount: total.amount + BigInt(row.amount), count: total.count + row.n });
  }
  return [...types]
    .sort(([, a], [, b]) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0))
    .map(([productType, total]) => ({
      productType,
      amount: formatDollars(total.amount),
      count: total.count,
    }));
}

/** One point per day of the range, days without movements included. */
function dailySeries(
  from: Date,
  days: number,
  movements: MovementRow[],
  customers: { day: Date; n: number }[],
) {
  const points = new Map<string, { topups: bigint; consumption: bigint; newCustomers: number }>();
  for (let i = 0; i < days; i++) {
    points.set(dayKey(new Date(from.getTime() + i * DAY_MS)), {
      topups: 0n,
      consumption: 0n,
      newCustomers: 0,
    });
  }
  for (const row of movements) {
    const point = points.get(dayKey(new Date(row.day)));
    if (!point) continue;
    if (row.kind === 'topup') point.topups += BigInt(row.amount);
    else if (isConsumption(row.kind)) point.consumption += BigInt(row.amount);
  }
  for (const row of customers) {
    const point = points.get(dayKey(new Date(row.day)));
    if (point) point.newCustomers += row.n;
  }
  return [...points].map(([day, point]) => ({
    day,
    topups: formatDollars(point.topups),
    consumption: formatDollars(point.consumption),
    newCustomers: point.newCustomers,
  }));
}

/**
 * The figures of `range` for the operator. `ledgerOnly` reads every day from the ledger, as before
 * the rollups (what the tests and the benchmark compare the rollups with); the route never sets it.
 */
export async function dashboard(
  db: Db,
  operatorId: number,
  range: DashboardRange,
  now = new Date(),
  { ledgerOnly = false } = {},
): Promise<Dashboard> {
  const from = rangeStart(range, now);
  const scope = await customerIdScope(db, operatorId);
  const live = ledgerOnly ? from : await liveFrom(db, from, now);
  const [movements, customers, resources, arrears, liability, verdicts, top] = await Promise.all([
    movementsByDay(db, live, scope, from),
    newCustomersByDay(db, from, scope),
    liveResources(db, scope),
    customersInArrears(db, from, scope),
    customerBalances(db, scope),
    topupVerdicts(db, from, scope),
    topSpenders(db, live, DASHBOARD_TOP_CUSTOMERS, scope, from),
  ]);
  const consumption = movements.filter((row) => isConsumption(row.kind));
  const decided = verdicts.paid + verdicts.unpaid;
  return {
    range,
    from: from.toISOString(),
    to: now.toISOString(),
    topups: sumOf(movements.filter((row) => row.kind === 'topup')),
    consumption: sumOf(consumption),
    refunds: sumOf(movements.filter((row) => row.kind === 'refund')),
    consumptionByType: byType(consumption),
    newCustomers: customers.reduce((sum, row) => sum + row.n, 0),
    liveResources: resources.map((row) => ({ kind: row.kind, count: row.n })),
    customersInArrears: arrears,
    liability: formatDollars(liability),
    gateway: {
      ...verdicts,
      successRate: decided === 0 ? null : Math.round((verdicts.paid / decided) * 1000) / 10,
    },
    daily: dailySeries(from, DASHBOARD_RANGE_DAYS[range], movements, customers),
    topCustomers: top.map((row) => ({
      userId: row.user_id,
      email: row.email,
      nickname: row.nickname,
      amount: formatDollars(BigInt(row.amount)),
    })),
  };
}
