/**
 * Hourly billing (`billing.hourly`), set-based: one hour of every billable resource in a few
 * statements per batch of customers, however many resources there are.
 *
 * What is billed by the hour: every pay-as-you-go resource (its run price and its traffic), and
 * the traffic of subscription office networks and EIPs (TRAFFIC_BILLED_KINDS in repo.ts: a
 * subscription prepays bandwidth, not traffic, which spec §9 bills "$0.077/GB, hourly"). The free
 * office network is never billed and its traffic never read (spec §5: it has no traffic query).
 *
 * Which resource-hours are billed. Hour H = [H, H+1h) of such a resource is billed when
 *  - the resource was created (resource status `created`) and its row was made before H+1h, and
 *    it was not deleted before H: any part of an hour counts as the whole hour (the hourly price is
 *    what the catalogue quotes for an hour; no proration);
 *  - and it is not stopped now (desktop shutdown/expired, phone stopped, or stopping), unless it is
 *    already deleted (then it ran until its deletion inside the hour). Run statuses have no
 *    history, so "running in hour H" is read when H is billed, five minutes after it ends: a
 *    resource stopped during H goes unbilled for H, one started after H is billed for it. The
 *    error is at most the hour of a stop or start, and a resource stopped for arrears costs
 *    nothing while it stays stopped. That holds because each hour is judged once: a run that
 *    gets through an hour records it finished (`billing_hours`), and no later run looks at it
 *    again (it would read the statuses of a later time).
 * What it costs: `hourly_price_micros` (the catalogue's price at purchase or last change; nothing
 * for a subscription, whose period is prepaid) plus its outbound traffic of the hour (`cloud.trafficBytes`, minutes counted by their start so hours
 * add up exactly) at the traffic price per GB stored on it at purchase or last renewal
 * (`traffic_rate_micros`; the region's current rate for rows older than that column), to the
 * micro-dollar (`trafficCharge`). Catalogue changes thus reach new quotes only.
 *
 * Exactly once. Each resource-hour is first claimed by inserting its `resource_hour_charges` row
 * (unique resource + hour, ON CONFLICT DO NOTHING) in the same transaction as its ledger charge
 * (`chargeMany`; pay-as-you-go: kind `payg_hourly`, key `payg:<resource>:<hour>`; a subscription's
 * traffic: kind `traffic`, key `traffic:<resource>:<hour>`; an hour that costs nothing is recorded
 * without a ledger transaction): a second run, or two at once, finds the rows taken and charges
 * nothing. A charge the balance cannot cover is refused (the balance never goes negative) and the
 * hour recorded `unpaid`. Running desktops and phones are then stopped with reason `arrears`
 * (after the commit, through PROVISIONING's `requestAction`) and their customer told
 * (`payg_arrears`); the rest (kinds without a stop: networks, EIPs; or a desktop not running)
 * keep their state and their customer is told the hour went unpaid (`hourly_unpaid`); one notice of each per customer and run. If a stop is lost (a crash right
 * after the commit), the next hour is refused again and stops it then.
 *
 * Catch-up: the job bills every hour of the last `BILLING_LOOKBACK_HOURS` that no run finished,
 * oldest first, so hours missed while no worker ran (or a run that crashed part-way) are billed on
 * the next run, and an hour already finished is never re-judged by the status of a later time.
 */
import type { CoreDeps } from '../../app-deps';
import { inTransaction, type Tx } from '../../db/transaction';
import type { Db } from '../../db/client';
import { METERED_KINDS, type MeteredKind } from '../../providers/cloud/types';
import { trafficCharge } from '../catalog/pricing';
import { notify } from '../notices/service';
import { requestAction } from '../provisioning/actions';
import { chargeMany } from '../wallet/ledger-bulk';
import {
  claimHour,
  findUnbilledHour,
  finishedHours,
  finishHour,
  recordOutcomes,
  type BillableRow,
  type HourCharge,
} from './repo';
import { trafficRates } from './rates';

export const HOUR_MS = 3_600_000;
/** How far back a run looks for hours that were missed (worker down). */
export const BILLING_LOOKBACK_HOURS = 24;
/** Resources per transaction, cut at customer boundaries (a customer's hour is decided at once). */
export const BILLING_BATCH_SIZE = 5_000;
/** Instance ids per `trafficBytes` call. */
const TRAFFIC_BATCH_SIZE = 5_000;
/** Kinds the billing stops for arrears (those with a run state). */
const STOPPABLE_KINDS = new Set(['desktop', 'phone']);

/**
 * An unpaid resource the run stops for arrears: a running desktop or phone. One that is not
 * running (starting, rebooting…) is not stopped, so its customer is told it went unpaid instead.
 */
const stopsForArrears = (row: Pick<BillableRow, 'kind' | 'status'>) =>
  STOPPABLE_KINDS.has(row.kind) && row.status === 'running';

export const hourFloor = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** The ledger key of one resource-hour: the same hour can never be charged twice. */
export const paygChargeKey = (resourceId: string, hourStart: Date) =>
  `payg:${resourceId}:${hourStart.toISOString()}`;

/** The ledger key of a subscription's traffic of one hour. */
export const trafficChargeKey = (resourceId: string, hourStart: Date) =>
  `traffic:${resourceId}:${hourStart.toISOString()}`;

/** How one resource-hour is posted: pay-as-you-go as `payg_hourly`, a subscription's traffic as `traffic`. */
export function hourChargeOf(row: Pick<BillableRow, 'resourceId' | 'billingMethod'>, hourStart: Date) {
  return row.billingMethod === 'payg'
    ? { kind: 'payg_hourly' as const, idempotencyKey: paygChargeKey(row.resourceId, hourStart) }
    : { kind: 'traffic' as const, idempotencyKey: trafficChargeKey(row.resourceId, hourStart) };
}

export interface HourlyBillingResult {
  hourStart: Date;
  /** Resource-hours this run billed (charged + unpaid); 0 when another run had billed them. */
  billed: number;
  charged: number;
  unpaid: number;
  /** Micro-dollars taken from wallets. */
  chargedMicros: bigint;
  trafficBytes: bigint;
  /** Resources a stop for arrears was requested for. */
  stopped: number;
}

type Billable = BillableRow & HourCharge & { totalMicros: bigint };

function groupPush<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}

const isMetered = (kind: string): kind is MeteredKind => (METERED_KINDS as readonly string[]).includes(kind);

/** Outbound bytes of the hour per resource id, one cloud call per kind and batch of ids. */
async function hourTraffic(deps: CoreDeps, rows: BillableRow[], start: Date, end: Date) {
  const bytes = new Map<number, bigint>();
  const byKind = new Map<MeteredKind, BillableRow[]>();
  for (const row of rows)
    if (row.instanceId !== null && isMetered(row.kind)) groupPush(byKind, row.kind, row);
  for (const [kind, group] of byKind) {
    for (let i = 0; i < group.length; i += TRAFFIC_BATCH_SIZE) {
      const batch = group.slice(i, i + TRAFFIC_BATCH_SIZE);
      const traffic = await deps.cloud.trafficBytes(
        kind,
        batch.map((row) => row.instanceId!),
        start,
        end,
      );
      for (const row of batch) bytes.set(row.id, traffic.get(row.instanceId!)?.outBytes ?? 0n);
    }
  }
  return bytes;
}

async function priced(deps: CoreDeps, rows: BillableRow[], start: Date, end: Date): Promise<Billable[]> {
  const [bytes, rates] = await Promise.all([
    hourTraffic(deps, rows, start, end),
    trafficRates(
      deps.database.db,
      rows.map((row) => row.regionId),
    ),
  ]);
  return rows.map((row) => {
    const trafficBytes = bytes.get(row.id) ?? 0n;
    // The rate the resource was sold at (a catalogue change reaches new quotes only).
    const rate = row.trafficRateMicros ?? rates.get(row.regionId) ?? rates.get(null)!;
    const trafficMicros = trafficBytes === 0n ? 0n : trafficCharge(rate, trafficBytes);
    // A subscription's hours are prepaid: only its traffic is billed here.
    const runMicros = row.billingMethod === 'payg' ? row.hourlyPriceMicros : 0n;
    return { ...row, runMicros, trafficBytes, trafficMicros, totalMicros: runMicros + trafficMicros };
  });
}

/** Batches of about `size` rows that never split a customer (rows are ordered by customer). */
export function batchesByCustomer<T extends { userId: number }>(rows: T[], size: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  for (const row of rows) {
    const last = current[current.length - 1];
    if (current.length >= size && last !== undefined && last.userId !== row.userId) {
      batches.push(current);
      current = [];
    }
    current.push(row);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

const memoOf = (row: Billable, hourStart: Date) =>
  `${row.resourceId} ${hourStart.toISOString().slice(0, 13)}:00Z` +
  (row.trafficBytes > 0n ? ` + ${row.trafficBytes} B traffic` : '');

/** Claims, charges and records one batch in one transaction; answers the unpaid rows. */
async function billBatch(tx: Tx, hourStart: Date, batch: Billable[], totals: HourlyBillingResult) {
  const claimed = await claimHour(tx, hourStart, batch);
  const mine = batch.filter((row) => claimed.has(row.id));
  const payable = mine.filter((row) => row.totalMicros > 0n);
  const result = await chargeMany(
    tx,
    payable.map((row) => ({
      ...hourChargeOf(row, hourStart),
      userId: row.userId,
      amountMicros: row.totalMicros,
      reference: row.resourceId,
      memo: memoOf(row, hourStart),
    })),
  );
  const byKey = new Map(payable.map((row) => [hourChargeOf(row, hourStart).idempotencyKey, row]));
  const charged = [...result.charged, ...result.replayed].map((c) => ({
    id: byKey.get(c.idempotencyKey)!.id,
    transactionId: c.transactionId,
  }));
  const unpaid = result.refused.map((key) => byKey.get(key)!);
  await recordOutcomes(
    tx,
    hourStart,
    charged,
    unpaid.map((row) => row.id),
  );
  await notifyUnpaid(tx.db, hourStart, unpaid);

  totals.billed += mine.length;
  totals.charged += mine.length - unpaid.length;
  totals.unpaid += unpaid.length;
  for (const c of result.charged) totals.chargedMicros += byKey.get(c.idempotencyKey)!.totalMicros;
  for (const row of mine) totals.trafficBytes += row.trafficBytes;
  return unpaid;
}

const listed = (rows: Billable[]) => rows.map((row) => `${row.name} (${row.resourceId})`).join(', ');

/**
 * Tells each customer what could not be paid: the desktops and phones being stopped for it
 * (`payg_arrears`), and apart from them what is not stopped (`hourly_unpaid`).
 */
async function notifyUnpaid(db: Db, hourStart: Date, unpaid: Billable[]) {
  const byUser = new Map<number, Billable[]>();
  for (const row of unpaid) groupPush(byUser, row.userId, row);
  for (const [userId, rows] of byUser) {
    const stopped = rows.filter(stopsForArrears);
    const running = rows.filter((row) => !stopsForArrears(row));
    if (stopped.length > 0)
      await notify(db, userId, 'payg_arrears', { count: stopped.length, resources: listed(stopped) });
    if (running.length > 0)
      await notify(db, userId, 'hourly_unpaid', {
        count: running.length,
        resources: listed(running),
        hour: `${hourStart.toISOString().slice(0, 13).replace('T', ' ')}:00`,
      });
  }
}

/**
 * Stops what could not be paid for. A refusal (already stopping, busy with another action) is
 * logged and left: the next hour is refused again while the balance is short.
 */
async function stopForArrears(deps: CoreDeps, rows: Billable[], log: (message: string) => void) {
  let stopped = 0;
  for (const row of rows) {
    if (!stopsForArrears(row)) continue;
    try {
      await requestAction(deps, { id: row.id }, 'stop', { reason: 'arrears' });
      stopped += 1;
    } catch (error) {
      log(`billing: stopping ${row.resourceId} for arrears failed: ${(error as Error).message}`);
    }
  }
  return stopped;
}

/**
 * Bills the hour starting at `hourStart` (on the hour, UTC) for every resource that has not been
 * billed for it (see the file's header). Safe to run again or concurrently: each resource-hour
 * is charged once.
 */
export async function runHourlyBilling(
  deps: CoreDeps,
  hourStart: Date,
  log: (message: string) => void = () => {},
): Promise<HourlyBillingResult> {
  if (hourStart.getTime() % HOUR_MS !== 0)
    throw new RangeError(`${hourStart.toISOString()} is not on the hour`);
  const end = new Date(hourStart.getTime() + HOUR_MS);
  const totals: HourlyBillingResult = {
    hourStart,
    billed: 0,
    charged: 0,
    unpaid: 0,
    chargedMicros: 0n,
    trafficBytes: 0n,
    stopped: 0,
  };
  let mark = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    log(`billing ${hourStart.toISOString()}: ${step} in ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  const rows = await findUnbilledHour(deps.database.db, hourStart, end);
  if (rows.length === 0) {
    await finishHour(deps.database.db, hourStart);
    return totals;
  }
  lap(`${rows.length} unbilled resource-hours found`);
  const billable = await priced(deps, rows, hourStart, end);
  lap('traffic read and priced');
  const unpaid: Billable[] = [];
  for (const batch of batchesByCustomer(billable, BILLING_BATCH_SIZE))
    unpaid.push(
      ...(await inTransaction(deps.database.pool, (tx) => billBatch(tx, hourStart, batch, totals))),
    );
  lap(`${totals.billed} billed (${totals.unpaid} unpaid)`);
  // Every batch committed: the hour is settled (a crash before this leaves it to the catch-up).
  await finishHour(deps.database.db, hourStart);
  totals.stopped = await stopForArrears(deps, unpaid, log);
  if (unpaid.length > 0) lap(`${totals.stopped} stopped for arrears`);
  return totals;
}

/** The hours a run at `now` bills: complete hours of the look-back window, oldest first. */
export function hoursToBill(now: Date, lookbackHours = BILLING_LOOKBACK_HOURS): Date[] {
  const lastComplete = hourFloor(now).getTime() - HOUR_MS;
  return Array.from(
    { length: lookbackHours },
    (_, i) => new Date(lastComplete - (lookbackHours - 1 - i) * HOUR_MS),
  );
}

/** The scheduled run: every complete hour of the look-back window that no run has finished. */
export async function runBillingCatchUp(deps: CoreDeps, log: (message: string) => void = () => {}) {
  const results: HourlyBillingResult[] = [];
  const hours = hoursToBill(deps.clock.now());
  const finished = await finishedHours(deps.database.db, hours[0]!, hours[hours.length - 1]!);
  for (const hour of hours.filter((h) => !finished.has(h.getTime()))) {
    const result = await runHourlyBilling(deps, hour, log);
    if (result.billed > 0) results.push(result);
  }
  return results;
}
