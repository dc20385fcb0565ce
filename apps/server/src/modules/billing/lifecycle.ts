/**
 * The expiry sweep (`lifecycle.sweep`, every 5 minutes): what happens to subscriptions around
 * their end (spec §4 Expiry), on `deps.clock`'s time. Every step selects its resources by state
 * and time in one query and records what it did on the resource, so a sweep run twice (or two at
 * once) does each thing once:
 *
 * | when                       | what                                                                       |
 * | -------------------------- | -------------------------------------------------------------------------- |
 * | 3 days before the end      | notice `expiry_soon` (a proxy: `proxy_expiry_soon`), once per `expires_at` |
 * | at the end                 | auto-renew from the balance when set (not gifts): renewed → notice;        |
 * |                            | refused → notice `auto_renew_failed`, then the rules below. Once per end.  |
 * | desktop, at the end        | running → stop (reason `expired`); shut down → status `expired`            |
 * | desktop, end + grace       | deleted (`DESKTOP_DELETE_GRACE_DAYS`, default 7)                           |
 * | cloud phone, end + 3 days  | deleted                                                                    |
 * | trial desktop: 2 h before, | notice `trial_expiry_soon`; at the end stopped as any desktop, then        |
 * | at the end                 | deleted by the next sweep that finds it stopped (no grace), notice        |
 * |                            | `trial_ended_deleted`                                                      |
 * | every deletion above       | notice `resource_expired_deleted` (a proxy: `proxy_expired_released`)     |
 * | EIP, at the end            | bandwidth limited to 1 Mbps (bound ones: an unbound address carries none), |
 * |                            | notice `eip_limited`                                                       |
 * | EIP, end + 2 days          | unbound if bound, then released (PROVISIONING's `delete` does both)        |
 * | residential proxy, at the  | taken off its phone (`set_proxy` null), then released; a phone that        |
 * | end                        | refuses (busy) defers the release to the next sweep                        |
 * | office network, phone      | released with the desktops' grace: desktops depend on their network, so it |
 * | network, backup space      | never goes before them (the free office network is never released); an     |
 * |                            | office network live desktops still use waits until they are deleted        |
 *
 * Actions go through PROVISIONING's `requestAction`, so its state machines apply; a refusal (the
 * resource is busy, or its kind has no such action yet) is logged and tried again next sweep.
 */
import { TRIAL_EXPIRY_NOTICE_HOURS } from '@cloudbay/contracts';
import type { CoreDeps } from '../../app-deps';
import { withClient } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { formatDollars } from '../../lib/money';
import { isAppError } from '../../lib/errors';
import { notify } from '../notices/service';
import { refreshStatuses, requestAction, type ResourceAction } from '../provisioning/actions';
import { TRIAL_SPEC_KEY, type ResourceRow } from '../provisioning/repo';
import {
  EXPIRED_FOR,
  claimExpiryNotices,
  findExpired,
  findNewlyExpired,
  markDesktopsExpired,
  markExpiryStep,
} from './repo';
import { quoteRenewalOf, renewResource } from './renewal';
import { requestDeletion } from '../network/deletion';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A free trial desktop (issue 22, part G2): the spec carries its hours. */
const isTrialResource = (row: ResourceRow) => TRIAL_SPEC_KEY in (row.spec as Record<string, unknown>);
export const EXPIRY_NOTICE_DAYS = 3;
export const PHONE_DELETE_AFTER_DAYS = 3;
export const EIP_RELEASE_AFTER_DAYS = 2;
/** What an expired EIP keeps until it is released (spec §4: "1 MB"). */
export const EIP_EXPIRED_BANDWIDTH_MBPS = 1;
/** Months an auto-renewal buys (the console's shortest period). */
export const AUTO_RENEW_MONTHS = 1;
/** Where the sweep records the expiry it limited an EIP for. */
export const EIP_LIMITED_FOR = '_limited_for';
const NETWORK_KINDS = ['office_site', 'phone_network', 'backup_space'];

export interface SweepResult {
  noticed: number;
  autoRenewed: number;
  autoRenewFailed: number;
  expired: number;
  stopped: number;
  markedExpired: number;
  deleted: number;
  limited: number;
  /** Actions refused or failed this time (tried again next sweep). */
  deferred: number;
}

const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS);
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')}`;

type Log = (message: string) => void;

/** Days between the end and the deletion (release) of each kind, as the sweep below does it. */
function daysKeptAfterEnd(deps: CoreDeps, kind: string): number {
  if (kind === 'phone') return PHONE_DELETE_AFTER_DAYS;
  if (kind === 'eip') return EIP_RELEASE_AFTER_DAYS;
  if (kind === 'proxy') return 0;
  return deps.config.DESKTOP_DELETE_GRACE_DAYS;
}

async function sendExpiryNotices(deps: CoreDeps, now: Date): Promise<number> {
  return inTransaction(deps.database.pool, async (tx) => {
    // A trial's day is shorter than the 3-day window: its reminder comes hours before its end.
    const trials = await claimExpiryNotices(
      tx.db,
      now,
      new Date(now.getTime() + TRIAL_EXPIRY_NOTICE_HOURS * HOUR_MS),
      true,
    );
    for (const row of trials) {
      await notify(tx.db, row.userId, 'trial_expiry_soon', {
        name: row.name,
        resourceId: row.resourceId,
        expiresAt: utc(row.expiresAt),
      });
    }
    const rows = await claimExpiryNotices(tx.db, now, new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS));
    for (const row of rows) {
      const reminder = {
        name: row.name,
        resourceId: row.resourceId,
        expiresAt: utc(row.expiresAt),
        autoRenew: row.autoRenew,
      };
      // What the reminder says happens is what this sweep does to the kind.
      if (row.kind === 'proxy') await notify(tx.db, row.userId, 'proxy_expiry_soon', reminder);
      else
        await notify(tx.db, row.userId, 'expiry_soon', {
          ...reminder,
          stoppedAtEnd: row.kind === 'desktop',
          keptDays: daysKeptAfterEnd(deps, row.kind),
          limitedAtEnd: row.kind === 'eip',
        });
    }
    return trials.length + rows.length;
  });
}

/** Auto-renew (once per expiry); answers whether the resource was renewed. */
async function autoRenew(deps: CoreDeps, row: ResourceRow, log: Log): Promise<boolean> {
  const key = `auto-renew:${row.expiresAt!.toISOString()}`;
  try {
    const renewal = await renewResource(deps, row.userId, row.resourceId, AUTO_RENEW_MONTHS, key);
    // A replay is an earlier sweep's renewal (it sent the notice).
    if (renewal.replayed) return true;
    await notify(deps.database.db, row.userId, 'auto_renewed', {
      name: row.name,
      resourceId: row.resourceId,
      amount: formatDollars(renewal.order.paidAmountMicros),
      expiresAt: utc(renewal.expiresAt),
    });
    return true;
  } catch (error) {
    if (!isAppError(error)) throw error;
    log(`lifecycle: auto-renew of ${row.resourceId} refused: ${error.code}`);
    const quote = await quoteRenewalOf(deps.database.db, row, AUTO_RENEW_MONTHS).catch(() => undefined);
    await notify(deps.database.db, row.userId, 'auto_renew_failed', {
      name: row.name,
      resourceId: row.resourceId,
      amount: quote ? formatDollars(quote.payableMicros) : '-',
    });
    return false;
  }
}

/** Subscriptions that just ended: auto-renew where set, then mark the expiry handled. */
async function handleNewExpiries(deps: CoreDeps, now: Date, result: SweepResult, log: Log) {
  const expired: number[] = [];
  for (const row of await findNewlyExpired(deps.database.db, now)) {
    if (row.autoRenew && !row.gift) {
      if (await autoRenew(deps, row, log)) {
        result.autoRenewed += 1;
        continue;
      }
      result.autoRenewFailed += 1;
    }
    expired.push(row.id);
  }
  await markExpiryStep(deps.database.db, expired, now, EXPIRED_FOR);
  result.expired += expired.length;
}

/** Requests `action` on each row; answers the rows it was accepted for. */
async function act(
  deps: CoreDeps,
  rows: ResourceRow[],
  action: ResourceAction,
  options: { reason?: string; params?: Record<string, unknown> },
  result: SweepResult,
  log: Log,
): Promise<ResourceRow[]> {
  return actOnEach(rows, action, (row) => requestAction(deps, row, action, options), result, log);
}

/** `run` on each row; a refusal is counted and logged (tried again next sweep). */
async function actOnEach(
  rows: ResourceRow[],
  label: string,
  run: (row: ResourceRow) => Promise<unknown>,
  result: SweepResult,
  log: Log,
): Promise<ResourceRow[]> {
  const done: ResourceRow[] = [];
  for (const row of rows) {
    try {
      await run(row);
      done.push(row);
    } catch (error) {
      result.deferred += 1;
      log(`lifecycle: ${label} of ${row.resourceId} deferred: ${(error as Error).message}`);
    }
  }
  return done;
}

async function expireDesktops(deps: CoreDeps, now: Date, result: SweepResult, log: Log) {
  const db = deps.database.db;
  // A stop asked for by an earlier sweep may have finished: read it back before marking.
  const stopping = await findExpired(db, ['desktop'], now, { statuses: ['stopping'] });
  if (stopping.length > 0) await refreshStatuses(deps, stopping);
  const running = await findExpired(db, ['desktop'], now, { statuses: ['running'] });
  result.stopped += (await act(deps, running, 'stop', { reason: 'expired' }, result, log)).length;
  result.markedExpired += await markDesktopsExpired(db, now);
}

/**
 * Deletes what ended before `endedBy`, with a notice to its owner for each deletion the engine
 * accepted (a refused one is tried, and noticed, next sweep; once deleting, it is no longer found).
 */
async function deleteAfter(
  deps: CoreDeps,
  kinds: string[],
  endedBy: Date,
  result: SweepResult,
  log: Log,
  only: { trialOnly?: boolean } = {},
) {
  // An office network is kept while desktops still use it (they may be renewed, or deleted first).
  const rows = await findExpired(deps.database.db, kinds, endedBy, { unusedOnly: true, ...only });
  await deleteNoticed(deps, rows, result, log);
}

/**
 * Deletes the rows through the engine, with what goes with each (a phone's address unbound, a
 * network's addresses taken out of it: network/deletion.ts), and notices each deletion it accepted.
 */
async function deleteNoticed(deps: CoreDeps, rows: ResourceRow[], result: SweepResult, log: Log) {
  const deleted = await actOnEach(
    rows,
    'delete',
    (row) => requestDeletion(deps, row, { reason: 'expired', log }),
    result,
    log,
  );
  for (const row of deleted) {
    const ended = { name: row.name, resourceId: row.resourceId, endedAt: utc(row.expiresAt!) };
    if (isTrialResource(row)) {
      await notify(deps.database.db, row.userId, 'trial_ended_deleted', ended);
      continue;
    }
    // A proxy has no grace and no data: its own notice says what happened to it.
    if (row.kind === 'proxy') await notify(deps.database.db, row.userId, 'proxy_expired_released', ended);
    else await notify(deps.database.db, row.userId, 'resource_expired_deleted', { kind: row.kind, ...ended });
  }
  result.deleted += deleted.length;
}

/**
 * Expired EIPs bound to an instance are limited to 1 Mbps, once per expiry, with an `eip_limited`
 * notice to the owner. An unbound address
 * moves no traffic and the cloud refuses to change its bandwidth (spec §4 IP rules), so it is left
 * unmarked: if it is bound during the grace, the next sweep limits it.
 */
async function limitEips(deps: CoreDeps, now: Date, result: SweepResult, log: Log) {
  const rows = await findExpired(deps.database.db, ['eip'], now, {
    withoutStep: EIP_LIMITED_FOR,
    statuses: ['allocated'],
  });
  const params = { bandwidthMbps: EIP_EXPIRED_BANDWIDTH_MBPS };
  const done = await act(deps, rows, 'modify_bandwidth', { params }, result, log);
  for (const row of done) {
    await notify(deps.database.db, row.userId, 'eip_limited', {
      name: row.name,
      resourceId: row.resourceId,
      endedAt: utc(row.expiresAt!),
      releaseAt: utc(new Date(row.expiresAt!.getTime() + EIP_RELEASE_AFTER_DAYS * DAY_MS)),
    });
  }
  await markExpiryStep(
    deps.database.db,
    done.map((row) => row.id),
    now,
    EIP_LIMITED_FOR,
  );
  result.limited += done.length;
}

/**
 * Residential proxies end with their subscription (no grace: the IP goes back to the pool): each
 * is taken off its phone and released in one step (network/deletion.ts), with a
 * `proxy_expired_released` notice; a phone that cannot change now (busy) defers it to the next sweep.
 */
async function releaseProxies(deps: CoreDeps, now: Date, result: SweepResult, log: Log) {
  await deleteNoticed(deps, await findExpired(deps.database.db, ['proxy'], now), result, log);
}

const emptyResult = (): SweepResult => ({
  noticed: 0,
  autoRenewed: 0,
  autoRenewFailed: 0,
  expired: 0,
  stopped: 0,
  markedExpired: 0,
  deleted: 0,
  limited: 0,
  deferred: 0,
});

/** Sweeps take this session lock, so two at once (a retry overlapping a run) do not interleave. */
const SWEEP_LOCK_KEY = 0x6c696665; // 'life'

/**
 * One pass of the sweep at `deps.clock`'s time (see the file's header). While another sweep holds
 * the lock this one does nothing (its work is being done) and answers all zeros.
 */
export async function runLifecycleSweep(deps: CoreDeps, log: Log = () => {}): Promise<SweepResult> {
  return withClient(deps.database.pool, async (client) => {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      SWEEP_LOCK_KEY,
    ]);
    if (!rows[0]!.locked) return emptyResult();
    try {
      return await sweepOnce(deps, log);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK_KEY]);
    }
  });
}

async function sweepOnce(deps: CoreDeps, log: Log): Promise<SweepResult> {
  const now = deps.clock.now();
  const grace = deps.config.DESKTOP_DELETE_GRACE_DAYS;
  const result = emptyResult();
  result.noticed = await sendExpiryNotices(deps, now);
  await handleNewExpiries(deps, now, result, log);
  await expireDesktops(deps, now, result, log);
  // A free trial desktop has no grace: stopped at its end (above), deleted as soon as it may be.
  await deleteAfter(deps, ['desktop'], now, result, log, { trialOnly: true });
  await deleteAfter(deps, ['desktop', ...NETWORK_KINDS], daysBefore(now, grace), result, log);
  await deleteAfter(deps, ['phone'], daysBefore(now, PHONE_DELETE_AFTER_DAYS), result, log);
  await limitEips(deps, now, result, log);
  await deleteAfter(deps, ['eip'], daysBefore(now, EIP_RELEASE_AFTER_DAYS), result, log);
  await releaseProxies(deps, now, result, log);
  return result;
}
