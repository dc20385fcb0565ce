/**
 * Resource actions (spec §4): one state machine per resource kind, as data. `requestAction`
 * checks the machine, records the transitional status and the call it is about to make (with its
 * client token) in one transaction, then calls the cloud; the refresh job (`provision.refresh`)
 * repeats an unconfirmed call with the same token and follows the status until it settles.
 *
 * Other engines (hourly billing stopping a resource in arrears, the expiry sweep deleting one)
 * act through `requestAction` too, so every change of a live resource passes the same rules.
 */
import { ErrorCode, type OrderProductType } from '@cloudbay/contracts';
import type { CoreDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import type { JobSender } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import {
  CREATION_FAILED,
  TERMINAL_STATUSES,
  isCloudError,
  type CloudKind,
  type CloudProvider,
  type CloudResource,
} from '../../providers/cloud/types';
import { lockOrder } from '../orders/repo';
import { refundOrderPart } from '../orders/service';
import { cloudErrorToAppError, withCloudRetry } from './cloud-calls';
import { keptAttributes } from './kept-attributes';
import { openSecret, secretKeyOf } from '../../lib/secret-box';
import { applyStatuses, lockResource, updateResource, type ResourceRow, type StatusUpdate } from './repo';

export type ResourceKind = OrderProductType;

export const RESOURCE_ACTIONS = [
  'start',
  'stop',
  'reboot',
  'rebuild',
  'reset',
  'modify_spec',
  'migrate',
  'disconnect',
  'renew',
  'rename',
  'set_policy',
  /** Desktop: give it to an end user (or take it back), who then logs in to it. */
  'assign_user',
  'modify_bandwidth',
  /** EIP: allocate the address to an instance, or take it back (spec §4 IP rules). */
  'bind',
  'unbind',
  /** Phone: attach an ADB key pair (by the cloud's key pair id), or detach it. */
  'attach_key',
  'detach_key',
  /** Phone: a new device identity (brand, model, ids, SIM country); wipes its data like reset. */
  'replace',
  /** Phone: switch ADB on (running, a key pair attached) or off. */
  'enable_adb',
  'disable_adb',
  /** Phone: route its traffic through a proxy (eds-aic NetRedirectPolicy), or directly (null). */
  'set_proxy',
  /** EIP: out of its phone network, which is being released (the address itself stays). */
  'leave_network',
  /** Release upstream (desktop: DeleteDesktops, office network: DeleteOfficeSites, EIP: release). */
  'delete',
] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

export interface ActionRule {
  /** `resources.status` values the action is allowed from. */
  from: readonly string[];
  /** Recorded at once, before the cloud answers (what the customer sees meanwhile). */
  transitional?: string;
  /** Refused on some resources even in an allowed status (spec §5: the free office network). */
  refuse?: (resource: ResourceRow) => boolean;
  /**
   * Upstream calls the action needs first, made with tokens derived from the action's own (so a
   * repeat of the action repeats them, once): an EIP is unbound before it is released.
   */
  before?: (cloud: CloudProvider, row: ResourceRow, token: string) => Promise<void>;
  /**
   * The parameters as the cloud gets them, from those recorded: secrets are recorded sealed
   * (the phone's proxy password) and opened only for the call.
   */
  prepare?: (params: Record<string, unknown>, config: CoreDeps['config']) => Record<string, unknown>;
}

const DESKTOP_LIVE = ['pending', 'starting', 'running', 'stopping', 'shutdown', 'rebuilding', 'expired'];
const PHONE_LIVE = ['starting', 'running', 'stopping', 'stopped', 'rebooting', 'resetting'];
const EIP_LIVE = ['unallocated', 'allocated'];
const isFree = (resource: ResourceRow) => resource.spec.free === true;

/** `set_proxy` is recorded with the password sealed (`passwordSealed`); the cloud gets it opened. */
function openProxyPassword(params: Record<string, unknown>, config: CoreDeps['config']) {
  const proxy = params.proxy as Record<string, unknown> | null;
  if (!proxy || typeof proxy.passwordSealed !== 'string') return params;
  const { passwordSealed, ...rest } = proxy;
  const password =
    passwordSealed === '' ? '' : openSecret(passwordSealed, secretKeyOf(config.PROXY_SECRET_KEY));
  return { ...params, proxy: { ...rest, password } };
}

/**
 * The cloud only releases unbound addresses (sim/lifecycle.ts DELETION): a bound one is unbound
 * first. The cloud's own status decides, so a repeated release (the first unbind went through, the
 * release did not) skips the unbind; its token makes even a racing repeat unbind once.
 */
async function unbindFirst(cloud: CloudProvider, row: ResourceRow, token: string): Promise<void> {
  const [eip] = await cloud.describe('eip', [row.instanceId!]);
  if (eip?.status !== 'allocated') return;
  await cloud.act('eip', row.instanceId!, 'unbind', {}, `${token}:unbind`);
}

/**
 * The state machines. An action missing from a kind's table is forbidden for that kind.
 */
export const STATE_MACHINES: Partial<Record<ResourceKind, Partial<Record<ResourceAction, ActionRule>>>> = {
  desktop: {
    start: { from: ['shutdown'], transitional: 'starting' },
    stop: { from: ['running'], transitional: 'stopping' },
    // The cloud shuts the desktop down and starts it again; the refresh follows it to running.
    reboot: { from: ['running'], transitional: 'stopping' },
    // Reinstalling is allowed only when running or shut down (spec §4).
    rebuild: { from: ['running', 'shutdown'], transitional: 'rebuilding' },
    reset: { from: ['running', 'shutdown'], transitional: 'rebuilding' },
    // Changing configuration requires shutdown first (spec §4).
    modify_spec: { from: ['shutdown'] },
    migrate: { from: ['running', 'shutdown'] },
    disconnect: { from: ['running'] },
    renew: { from: DESKTOP_LIVE },
    rename: { from: DESKTOP_LIVE },
    set_policy: { from: ['running', 'shutdown'] },
    assign_user: { from: DESKTOP_LIVE },
    delete: { from: ['running', 'shutdown', 'expired'] },
  },
  office_site: {
    // The free network's bandwidth is fixed and it cannot be released (spec §5).
    modify_bandwidth: { from: ['normal'], refuse: isFree },
    renew: { from: ['normal'], refuse: isFree },
    rename: { from: ['normal'] },
    delete: { from: ['normal'], transitional: 'releasing', refuse: isFree },
  },
  // Spec §4 Phone operations: start, shut down, restart, reset (clears data); stop and reboot take
  // `{ force }`. Deleting is the expiry sweep's (3 days after the end) or the customer's.
  phone: {
    start: { from: ['stopped'], transitional: 'starting' },
    stop: { from: ['running'], transitional: 'stopping' },
    reboot: { from: ['running'], transitional: 'rebooting' },
    reset: { from: ['running', 'stopped'], transitional: 'resetting' },
    // Another spec (the upgrade): the cloud changes a settled phone, running or stopped.
    modify_spec: { from: ['running', 'stopped'] },
    renew: { from: PHONE_LIVE },
    rename: { from: PHONE_LIVE },
    attach_key: { from: ['running', 'stopped'] },
    detach_key: { from: ['running', 'stopped'] },
    // Device replacement resets the phone under a new identity: the customer sees it resetting.
    replace: { from: ['running', 'stopped'], transitional: 'resetting' },
    enable_adb: { from: ['running'] },
    disable_adb: { from: ['running', 'stopped'] },
    set_proxy: { from: ['running', 'stopped'], prepare: openProxyPassword },
    delete: { from: ['running', 'stopped'] },
  },
  // Spec §4 IP rules: allocate only when unallocated, unbind only when allocated, no bandwidth
  // change while unbound. Release (`delete`) unbinds a bound address first (the expiry sweep
  // releases it bound or not).
  eip: {
    bind: { from: ['unallocated'] },
    unbind: { from: ['allocated'] },
    modify_bandwidth: { from: ['allocated'] },
    renew: { from: EIP_LIVE },
    leave_network: { from: EIP_LIVE },
    delete: { from: EIP_LIVE, transitional: 'releasing', before: unbindFirst },
  },
  phone_network: {
    renew: { from: ['available'] },
    rename: { from: ['available'] },
    delete: { from: ['available'] },
  },
  // Backup space is the console's own quota: nothing exists upstream, so deleting it is local.
  backup_space: {
    renew: { from: ['available'] },
    // Expansion (modules/phones/backups): the space grows at once, nothing upstream to call.
    modify_spec: { from: ['available'] },
    delete: { from: ['available'] },
  },
  // A static residential proxy: renewed while available; released at expiry or by the customer
  // (the phones using it are switched off it first, modules/network/proxies).
  proxy: {
    renew: { from: ['available'] },
    delete: { from: ['available'], transitional: 'releasing' },
  },
};

/**
 * The cloud kind behind each resource kind; null where nothing exists upstream (backup space: its
 * backups are the cloud's `backup` objects, the space itself is ours).
 */
const CLOUD_KIND: Record<ResourceKind, CloudKind | null> = {
  desktop: 'desktop',
  phone: 'phone',
  office_site: 'office_site',
  eip: 'eip',
  phone_network: 'phone_network',
  backup_space: null,
  proxy: 'proxy',
};

export const cloudKindOf = (kind: string): CloudKind | null => CLOUD_KIND[kind as ResourceKind] ?? null;

/** Statuses a resource passes through on its own; the refresh job follows them until they end. */
export const SETTLING_STATUSES: Partial<Record<ResourceKind, readonly string[]>> = {
  desktop: ['pending', 'starting', 'stopping', 'rebuilding'],
  office_site: ['creating', 'releasing'],
  phone: ['creating', 'starting', 'stopping', 'rebooting', 'resetting'],
  eip: ['creating', 'releasing'],
  phone_network: ['creating'],
  proxy: ['creating', 'releasing'],
};

/** The rule of `action` for `kind`, or undefined when the kind has no such action. */
export function actionRule(kind: string, action: string): ActionRule | undefined {
  return STATE_MACHINES[kind as ResourceKind]?.[action as ResourceAction];
}

/** Whether the machine allows `action` on `resource` now (what the console's buttons show). */
export function isActionAllowed(resource: ResourceRow, action: ResourceAction): boolean {
  const rule = actionRule(resource.kind, action);
  return (
    rule !== undefined &&
    resource.resourceStatus === 'created' &&
    (resource.instanceId !== null || cloudKindOf(resource.kind) === null) &&
    resource.deletedAt === null &&
    pendingCall(resource) === undefined &&
    rule.from.includes(resource.status) &&
    !rule.refuse?.(resource)
  );
}

// ---------------------------------------------------------------------------------------------
// The call in flight, kept in the row's attributes (no column of its own: an engine detail)

/** A cloud call recorded before it is made, so a retry repeats it with the same token. */
export interface PendingCall {
  action: ResourceAction;
  token: string;
  params: Record<string, unknown>;
  /** What to put back if the cloud refuses the call for good (the action changed the row). */
  undo?: ActionUndo;
}

/**
 * What an action changes in the row itself (a new name, spec fields, hourly price), written in
 * the same transaction as the call it records: the console shows the change at once, and a
 * refusal takes it back (`ActionUndo`).
 */
export interface ResourceChange {
  name?: string;
  /** Merged into `spec`; a null value says "none" (e.g. no end user). */
  spec?: Record<string, unknown>;
  hourlyPriceMicros?: bigint;
  /** Merged into `attributes` and kept even when the call is refused (e.g. a request's key). */
  attributes?: Record<string, unknown>;
}

/** The row's values before a change, and the order that paid for it (refunded in full on refusal). */
export interface ActionUndo {
  name: string;
  spec: Record<string, unknown>;
  /** Micro-dollars as text: jsonb has no bigint. */
  hourlyPriceMicros: string;
  orderId?: number;
}

const SEQ_KEY = '_engine_seq';
const PENDING_KEY = '_engine_pending';

export function pendingCall(resource: Pick<ResourceRow, 'attributes'>): PendingCall | undefined {
  return resource.attributes[PENDING_KEY] as PendingCall | undefined;
}

function withoutPending(attributes: Record<string, unknown>): Record<string, unknown> {
  const { [PENDING_KEY]: _pending, ...rest } = attributes;
  return rest;
}

/**
 * The client token of an action: the resource, the action and the resource's action sequence
 * number, so every request is a new upstream call and every retry of it the same one.
 */
export const actionToken = (resourceId: string, action: ResourceAction, seq: number) =>
  `${resourceId}:${action}:${seq}`;

// ---------------------------------------------------------------------------------------------
// Cloud statuses → resources.status

/**
 * The cloud's status as `resources.status` stores it: the same names, except that a create that
 * failed leaves nothing behind (the resource status says creation_failed).
 */
export function statusFromCloud(kind: string, cloudStatus: string): string {
  if (cloudStatus !== CREATION_FAILED) return cloudStatus;
  return kind === 'office_site' || kind === 'eip' || kind === 'proxy' ? 'released' : 'deleted';
}

/**
 * The status at which a created resource is ready, per kind. Only the engine's record of the
 * creation writes it (with `created`, in one statement): a list that sees it may offer the kind's
 * actions and stop following the row, which it must not do while the creation is unrecorded.
 */
const READY_STATUSES: Partial<Record<string, string>> = {
  desktop: 'running',
  office_site: 'normal',
  phone: 'running',
  proxy: 'available',
  eip: 'unallocated',
  phone_network: 'available',
};

export const isReadyStatus = (kind: string, cloudStatus: string) => READY_STATUSES[kind] === cloudStatus;

const isGone = (cloudStatus: string) =>
  cloudStatus !== CREATION_FAILED && (TERMINAL_STATUSES as readonly string[]).includes(cloudStatus);

export interface RefreshResult {
  /** Ids whose status changed. */
  changed: number[];
  /** What the cloud described, by resource id (instances it did not know are absent). */
  described: Map<number, CloudResource>;
}

/**
 * Reads the cloud's statuses of `rows` (one describe per kind) and writes them back in one
 * statement; a resource gone upstream gets its `deleted_at`. A ready status is not written to a row
 * still being created (the creation poll records it with `created`; READY_STATUSES).
 */
export async function refreshStatuses(
  deps: Pick<CoreDeps, 'cloud' | 'database' | 'clock'>,
  rows: readonly Pick<ResourceRow, 'id' | 'kind' | 'instanceId'>[],
): Promise<RefreshResult> {
  const byKind = new Map<string, Pick<ResourceRow, 'id' | 'kind' | 'instanceId'>[]>();
  for (const row of rows) {
    if (row.instanceId === null || cloudKindOf(row.kind) === null) continue;
    byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
  }
  const described = new Map<number, CloudResource>();
  const updates: StatusUpdate[] = [];
  for (const [kind, group] of byKind) {
    const answers = await deps.cloud.describe(
      kind as CloudKind,
      group.map((row) => row.instanceId!),
    );
    const byInstance = new Map(answers.map((answer) => [answer.instanceId, answer]));
    for (const row of group) {
      const answer = byInstance.get(row.instanceId!);
      if (!answer) continue;
      described.set(row.id, answer);
      updates.push({
        id: row.id,
        status: statusFromCloud(kind, answer.status),
        gone: isGone(answer.status),
        ready: isReadyStatus(kind, answer.status),
      });
    }
  }
  const changed = await applyStatuses(deps.database.db, updates, deps.clock.now());
  return { changed, described };
}

// ---------------------------------------------------------------------------------------------
// Requesting an action

export interface ActionOptions {
  /** Why the engine acts (e.g. 'arrears', 'expired'); a stop records it as `stop_reason`. */
  reason?: string;
  /** The cloud action's parameters (rebuild's image, modify_spec's sizes, renew's months…). */
  params?: Record<string, unknown>;
  /** The row's own change that goes with the call, undone if the cloud refuses it. */
  change?: ResourceChange;
  /** The order that paid for the change (placed in the same transaction): refunded on refusal. */
  paidBy?: number;
}

/** The core, and the job queue when the caller has one (routes do; job handlers may). */
export type ActionDeps = CoreDeps & { jobs?: JobSender };

/** The refresh job's name (defined in jobs.ts, named here so actions can enqueue it). */
export const REFRESH_JOB = 'provision.refresh';
/** First look at a settling resource after this long; the refresh job backs off from there. */
export const REFRESH_FIRST_DELAY_SECONDS = 5;

const forbidden = () => new AppError('conflict', ErrorCode.RESOURCE_ACTION_FORBIDDEN);

/**
 * Throws what `requestAction` would answer when the machine refuses `action` on the row now
 * (409 RESOURCE_ACTION_FORBIDDEN, RESOURCE_NOT_READY), so a caller can check several actions
 * before starting any of them; answers the rule.
 */
export function checkAllowed(row: ResourceRow, action: ResourceAction): ActionRule {
  const rule = actionRule(row.kind, action);
  if (!rule) throw forbidden();
  if (row.resourceStatus !== 'created' || (row.instanceId === null && cloudKindOf(row.kind) !== null)) {
    throw new AppError('conflict', ErrorCode.RESOURCE_NOT_READY);
  }
  // An earlier call still unconfirmed: the resource is busy until the refresh settles it.
  if (pendingCall(row) !== undefined) throw forbidden();
  if (!rule.from.includes(row.status) || rule.refuse?.(row)) throw forbidden();
  return rule;
}

function stopReasonAfter(row: ResourceRow, action: ResourceAction, reason: string | undefined) {
  if (action === 'stop') return reason ?? null;
  if (action === 'start') return null;
  return row.stopReason;
}

/**
 * Runs `action` on a resource: 409 RESOURCE_ACTION_FORBIDDEN when its kind's machine does not
 * allow it from the current status (RESOURCE_NOT_READY while it is being created; 404 when it is
 * gone). The transitional status and the call are recorded first, then the cloud is called with
 * the token `<resource_id>:<action>:<seq>`; a timeout is retried with the same token (one
 * effect). A call still unanswered stays recorded and `provision.refresh` repeats it. Answers the
 * row after the cloud's answer.
 */
export async function requestAction(
  deps: ActionDeps,
  resource: Pick<ResourceRow, 'id'>,
  action: ResourceAction,
  options: ActionOptions = {},
): Promise<ResourceRow> {
  const recorded = await inTransaction(deps.database.pool, (tx) =>
    recordAction(tx, deps, resource, action, options),
  );
  return sendPendingCall(deps, recorded);
}

/**
 * The first half of `requestAction`, inside the caller's transaction: locks the row, checks the
 * machine, records the transitional status, the row's own change and the call (with what undoes
 * the change), and enqueues the refresh. A caller that charges for the change does it in the same
 * transaction, then makes the call with `sendPendingCall` once it has committed: the charge, the
 * change and the call to make exist together or not at all.
 */
export async function recordAction(
  tx: Tx,
  deps: ActionDeps,
  resource: Pick<ResourceRow, 'id'>,
  action: ResourceAction,
  options: ActionOptions = {},
): Promise<ResourceRow> {
  const row = await lockResource(tx.db, resource.id);
  if (!row || row.deletedAt !== null) throw new AppError('not_found', ErrorCode.NOT_FOUND);
  const rule = checkAllowed(row, action);
  if (cloudKindOf(row.kind) === null) return applyLocally(tx.db, deps, row, action, options.change);
  const seq = Number(row.attributes[SEQ_KEY] ?? 0) + 1;
  const call: PendingCall = {
    action,
    token: actionToken(row.resourceId, action, seq),
    params: options.params ?? {},
    ...(options.change || options.paidBy !== undefined ? { undo: undoOf(row, options.paidBy) } : {}),
  };
  const { change } = options;
  const updated = await updateResource(tx.db, row.id, {
    status: rule.transitional ?? row.status,
    attributes: { ...row.attributes, ...change?.attributes, [SEQ_KEY]: seq, [PENDING_KEY]: call },
    stopReason: stopReasonAfter(row, action, options.reason),
    ...(change?.name === undefined ? {} : { name: change.name }),
    ...(change?.spec === undefined ? {} : { spec: { ...row.spec, ...change.spec } }),
    ...(change?.hourlyPriceMicros === undefined ? {} : { hourlyPriceMicros: change.hourlyPriceMicros }),
  });
  // The follow-up exists exactly when the request does (outbox); the sweep covers callers without a queue.
  await deps.jobs?.enqueue(tx, REFRESH_JOB, { ids: [row.id] }, { startAfter: REFRESH_FIRST_DELAY_SECONDS });
  return updated;
}

const undoOf = (row: ResourceRow, orderId: number | undefined): ActionUndo => ({
  name: row.name,
  spec: row.spec,
  hourlyPriceMicros: row.hourlyPriceMicros.toString(),
  ...(orderId === undefined ? {} : { orderId }),
});

/**
 * An action on a kind with nothing upstream takes effect at once, in the request's transaction,
 * change included (backup space: deleting it ends it, an expansion writes its new size).
 */
function applyLocally(
  db: Db,
  deps: Pick<CoreDeps, 'clock'>,
  row: ResourceRow,
  action: ResourceAction,
  change: ActionOptions['change'],
) {
  if (action === 'delete') {
    return updateResource(db, row.id, { status: 'deleted', deletedAt: row.deletedAt ?? deps.clock.now() });
  }
  if (!change) return row;
  return updateResource(db, row.id, {
    ...(change.name === undefined ? {} : { name: change.name }),
    ...(change.spec === undefined ? {} : { spec: { ...row.spec, ...change.spec } }),
    ...(change.attributes === undefined ? {} : { attributes: { ...row.attributes, ...change.attributes } }),
    ...(change.hourlyPriceMicros === undefined ? {} : { hourlyPriceMicros: change.hourlyPriceMicros }),
  });
}

/** The cloud call of a pending action, after the upstream steps its rule needs first. */
async function callCloud(deps: Pick<CoreDeps, 'cloud' | 'config'>, row: ResourceRow, call: PendingCall) {
  const kind = cloudKindOf(row.kind)!;
  const rule = actionRule(row.kind, call.action);
  await rule?.before?.(deps.cloud, row, call.token);
  if (call.action === 'delete') return deps.cloud.delete(kind, row.instanceId!, call.token);
  const params = rule?.prepare ? rule.prepare(call.params, deps.config) : call.params;
  return deps.cloud.act(kind, row.instanceId!, call.action as never, params as never, call.token);
}

/**
 * Makes (or repeats, with the same token) the row's recorded call. On an answer the row takes the
 * cloud's status and kept attributes and the call is cleared; on a refusal the call is cleared (its change undone and
 * the order that paid for it refunded), the status read back from the cloud, and the refusal
 * thrown as the console's error; when the cloud cannot be reached the call stays recorded for the
 * refresh job and the row is answered as it is.
 */
export async function sendPendingCall(
  deps: Pick<CoreDeps, 'cloud' | 'database' | 'clock' | 'config'>,
  row: ResourceRow,
): Promise<ResourceRow> {
  const call = pendingCall(row);
  if (!call) return row;
  let answer: CloudResource;
  try {
    answer = await withCloudRetry(() => callCloud(deps, row, call));
  } catch (error) {
    if (isCloudError(error) && error.retryable) return row;
    // A fault on our side proves nothing about the cloud: a change stays recorded for the refresh.
    if (!isCloudError(error) && call.undo) throw error;
    // Only the cloud's own refusal proves nothing happened upstream: then the change is undone.
    const refusal = isCloudError(error) ? `the cloud refused ${call.action}: ${error.message}` : undefined;
    await clearPending(deps, row.id, call.token, { refusal });
    await refreshStatuses(deps, [row]);
    throw cloudErrorToAppError(error);
  }
  return clearPending(deps, row.id, call.token, { answer });
}

/**
 * Clears the recorded call (when it is still this one), taking the cloud's answer if any. A call
 * the cloud refused takes its change back with it, and the order that paid for the change is
 * refunded in full (once: `refundOrderPart`'s key), in the same transaction.
 */
async function clearPending(
  deps: Pick<CoreDeps, 'database' | 'clock'>,
  id: number,
  token: string,
  outcome: { answer?: CloudResource; refusal?: string },
): Promise<ResourceRow> {
  return inTransaction(deps.database.pool, async (tx) => {
    const row = (await lockResource(tx.db, id))!;
    const call = pendingCall(row);
    if (call?.token !== token) return row;
    const { answer, refusal } = outcome;
    const gone = answer !== undefined && isGone(answer.status);
    const undo = refusal === undefined ? undefined : call.undo;
    if (undo?.orderId !== undefined) await refundChange(tx, row, undo.orderId, refusal!);
    return updateResource(tx.db, id, {
      // What the console keeps of the cloud's description follows the answer (a replaced
      // phone's new identity, an attached key pair, ADB switched on or off).
      attributes: { ...withoutPending(row.attributes), ...(answer ? keptAttributes(row.kind, answer) : {}) },
      ...(answer ? { status: statusFromCloud(row.kind, answer.status) } : {}),
      ...(gone ? { deletedAt: row.deletedAt ?? deps.clock.now() } : {}),
      ...(undo
        ? { name: undo.name, spec: undo.spec, hourlyPriceMicros: BigInt(undo.hourlyPriceMicros) }
        : {}),
    });
  });
}

/** The whole price of a change the cloud refused, back to the wallet; the order ends refunded. */
async function refundChange(tx: Tx, row: ResourceRow, orderId: number, failure: string): Promise<void> {
  const order = await lockOrder(tx.db, orderId);
  if (!order) return;
  await refundOrderPart(tx, order.id, {
    resourceId: row.resourceId,
    amountMicros: order.paidAmountMicros,
    failure,
    allFailed: true,
    memo: 'change_refund',
  });
}
