/**
 * What the deletion of a phone, a residential proxy or a phone network takes with it (issue 19), recorded in the same
 * transaction as the deletion itself, so both are recorded or neither:
 *
 * - a **phone**: the elastic IP bound to it is unbound (engine `unbind`, `spec.boundPhoneId`
 *   cleared) and goes back to unallocated, upstream and in the console; its proxy binding
 *   (`spec.proxy`) is cleared with the deletion, so a residential proxy is free to bind elsewhere
 *   (the NetRedirectPolicy goes with the phone upstream). Reset and device replacement keep the
 *   phone's instance, so they keep its address and proxy.
 * - a **residential proxy** (released at expiry or early by the customer): every phone using it is
 *   switched off it first (engine `set_proxy` null, `spec.proxy` cleared); its IP goes back to the
 *   pool with the release.
 * - a **backup space**: its backups (phones/backups) leave the console with it; their cloud copies
 *   are deleted after the commit (`sendDeletionCalls`).
 * - a **phone network**: its addresses leave it (engine `leave_network`, `spec.networkId`
 *   cleared) and stay the customer's, bound or not, like an Alibaba EIP whose network goes; they
 *   keep their own term and are renewed or released on their own.
 *
 * A dependant that cannot change now (a call of its own in flight) fails the whole transaction:
 * the deletion is deferred to the next sweep rather than leaving an address on a dead phone.
 */
import { inTransaction, type Tx } from '../../db/transaction';
import { pendingCall, recordAction, sendPendingCall, type ActionDeps } from '../provisioning/actions';
import type { ResourceRow } from '../provisioning/repo';
import { deleteReleasedBackups, releaseBackupsOf } from '../phones/backups/backups';
import { findLiveEipsBy } from './eip/service';
import { recordUnbindEverywhere } from './proxies/binding';

/**
 * Records the deletion and the calls of what goes with it, in the caller's transaction; answers the
 * deleted row first. Send them with `sendDeletionCalls` after the commit.
 */
export async function recordDeletion(
  tx: Tx,
  deps: ActionDeps,
  row: ResourceRow,
  reason: string | undefined,
): Promise<ResourceRow[]> {
  if (row.kind === 'phone') {
    // The phone first, as a bind locks it (then the address): one lock order, no deadlock.
    const phone = await recordAction(tx, deps, row, 'delete', { reason, change: { spec: { proxy: null } } });
    const eips = await findLiveEipsBy(tx.db, row.userId, 'phone', [row.resourceId]);
    const unbound = [];
    for (const eip of eips) {
      // An address being released names the phone until it is gone; one with a call in flight
      // (a bind) makes `recordAction` refuse, so the deletion waits for it.
      if (eip.status !== 'allocated' && pendingCall(eip) === undefined) continue;
      unbound.push(await recordAction(tx, deps, eip, 'unbind', { change: { spec: { boundPhoneId: null } } }));
    }
    return [phone, ...unbound];
  }
  if (row.kind === 'phone_network') {
    // The addresses first, as a bind into the network locks them before the network.
    const eips = await findLiveEipsBy(tx.db, row.userId, 'network', [row.resourceId]);
    const detached = [];
    for (const eip of eips) {
      detached.push(
        await recordAction(tx, deps, eip, 'leave_network', { change: { spec: { networkId: null } } }),
      );
    }
    return [await recordAction(tx, deps, row, 'delete', { reason }), ...detached];
  }
  if (row.kind === 'backup_space') {
    // Its backups go with it (phones/backups): from the console now, from the cloud after the commit.
    const space = await recordAction(tx, deps, row, 'delete', { reason });
    await releaseBackupsOf(tx, deps.clock, space);
    return [space];
  }
  if (row.kind === 'proxy') {
    // The proxy first, as a bind locks it (then the phone).
    const proxy = await recordAction(tx, deps, row, 'delete', { reason });
    const ref = { source: 'residential' as const, id: row.resourceId };
    return [proxy, ...(await recordUnbindEverywhere(tx, deps, row.userId, ref))];
  }
  return [await recordAction(tx, deps, row, 'delete', { reason })];
}

/**
 * The engine's `delete` of `row` with what goes with it (see above), then the calls: the
 * dependants' first (an address is unbound before its phone goes), each refused one logged (the
 * refresh repeats an unanswered one). Throws what the engine refuses about the deletion itself.
 */
export async function requestDeletion(
  deps: ActionDeps,
  row: ResourceRow,
  options: { reason?: string; log?: (message: string) => void } = {},
): Promise<ResourceRow> {
  const recorded = await inTransaction(deps.database.pool, (tx) =>
    recordDeletion(tx, deps, row, options.reason),
  );
  return sendDeletionCalls(deps, recorded, options.log);
}

/**
 * The calls `recordDeletion` recorded: the dependants' first (an address is unbound before its
 * phone goes), each refused one logged (the refresh repeats an unanswered one), then the deletion's.
 */
export async function sendDeletionCalls(
  deps: ActionDeps,
  [deleted, ...dependants]: ResourceRow[],
  log?: (message: string) => void,
): Promise<ResourceRow> {
  for (const dependant of dependants) {
    await sendPendingCall(deps, dependant).catch((error: Error) =>
      log?.(`deletion: ${dependant.resourceId} refused its change: ${error.message}`),
    );
  }
  const sent = await sendPendingCall(deps, deleted!);
  if (deleted!.kind === 'backup_space') await deleteReleasedBackups(deps, deleted!, log);
  return sent;
}
