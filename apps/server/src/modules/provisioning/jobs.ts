/**
 * The provisioning jobs:
 *
 * - `provision.create` `{ id }`: calls the cloud's create with the resource's client token (a
 *   timeout is retried with the same token, so however often the job runs — pg-boss retries, a
 *   duplicate delivery, a worker killed after the call — there is one upstream create), stores the
 *   instance id, marks the resource and its order `creating` and enqueues `provision.await`. A
 *   desktop first waits for its office network to be created.
 * - `provision.await` `{ id, attempt }`: describes the resource until it is ready (→ created) or
 *   failed (→ creation_failed → its share of the order refunded once, with a notice), enqueueing
 *   itself again with a growing `startAfter`, at most AWAIT_MAX_ATTEMPTS times.
 * - `provision.refresh` `{ ids? }`: repeats action calls whose answer never came (same token) and
 *   follows settling statuses; scheduled every minute over every such resource too.
 * - `provision.settle` `{ id, after }`: enqueued when a create or await job failed its last try
 *   (its `exhausted` hook): reads the cloud by the resource's client token and adopts what it
 *   finds, or refunds the creation the clean-failure way (`settleExhausted`).
 *
 * Each queue dead-letters into `dead-letter` after its retries (jobs/queue.ts).
 */
import { ErrorCode } from '@cloudbay/contracts';
import { eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { regions } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/transaction';
import { hasLiveJob, type JobDefinition, type JobDeps, type JobSender } from '../../jobs/queue';
import { AppError, isAppError } from '../../lib/errors';
import { formatDollars } from '../../lib/money';
import {
  CREATION_FAILED,
  TERMINAL_STATUSES,
  isCloudError,
  type CloudKind,
  type CloudResource,
  type CloudSpecs,
} from '../../providers/cloud/types';
import { notify } from '../notices/service';
import { refundOrderPart, setResourceStatus } from '../orders/service';
import { lockOrder } from '../orders/repo';
import { policyGroupForDesktop } from '../policies/upstream';
import {
  REFRESH_FIRST_DELAY_SECONDS,
  REFRESH_JOB,
  SETTLING_STATUSES,
  isReadyStatus,
  pendingCall,
  refreshStatuses,
  sendPendingCall,
  statusFromCloud,
} from './actions';
import { withCloudRetry } from './cloud-calls';
import { keptAttributes } from './kept-attributes';
import {
  findResource,
  findResourcesByIds,
  findResourceByPublicId,
  findResourcesOfOrder,
  findUnsettled,
  lockResource,
  updateResource,
  type ResourceRow,
} from './repo';
import { CREATE_JOB, type CreateJobData } from './service';
import { TRIAL_SPEC_KEY } from './repo';

export const AWAIT_JOB = 'provision.await';
export const SETTLE_JOB = 'provision.settle';

export interface SettleJobData {
  id: number;
  /** The job that failed for good: `create` (resource not created) or `await` (creating). */
  after: 'create' | 'await';
}

/** The status a resource keeps while the job that failed for good was responsible for it. */
const PENDING_AFTER: Record<SettleJobData['after'], string> = { create: 'not_created', await: 'creating' };

/**
 * How long a settlement waits after the last try: a create the cloud received but had not answered
 * when the job gave up has landed by then, so the read by token sees it.
 */
export const SETTLE_DELAY_SECONDS = 60;

export interface AwaitJobData {
  id: number;
  attempt?: number;
}

export interface RefreshJobData {
  /** The resources to follow; absent (the schedule), every unsettled one. */
  ids?: number[];
  attempt?: number;
}

/** Polls of a creation before the job gives up (to the dead-letter queue). */
export const AWAIT_MAX_ATTEMPTS = 40;
/** Times a desktop's create waits for its office network. */
export const CREATE_MAX_WAITS = 40;
const REFRESH_MAX_ATTEMPTS = 20;
const REFRESH_SWEEP_LIMIT = 500;

/** The delay before poll `attempt` (1-based): 2, 4, 8 … seconds, at most a minute. */
export const pollDelaySeconds = (attempt: number) => Math.min(2 ** attempt, 60);

function requireQueue(queue: JobSender | undefined): JobSender {
  if (!queue) throw new Error('provisioning jobs enqueue follow-ups and need the queue');
  return queue;
}

// ---------------------------------------------------------------------------------------------
// Creation

/** Kinds sold by location rather than region (a residential proxy's city is in its spec). */
const GLOBAL_KINDS: readonly string[] = ['proxy'];
/** The upstream region name of kinds sold without a region. */
export const GLOBAL_REGION = 'global';

async function upstreamRegion(
  db: JobDeps['database']['db'],
  regionId: number | null,
  kind: string,
): Promise<string> {
  if (regionId === null && GLOBAL_KINDS.includes(kind)) return GLOBAL_REGION;
  if (regionId === null) throw new Error('a resource without a region cannot be created');
  const [region] = await db.select().from(regions).where(eq(regions.id, regionId));
  if (!region) throw new Error(`region ${regionId} is gone`);
  return region.wyRegionId;
}

/** What the cloud's create takes, from what the purchase recorded; 'wait' while a dependency is being made. */
type CreateSpec = { spec: CloudSpecs[CloudKind] } | { wait: true } | { fail: string };

async function createSpecOf(deps: JobDeps, row: ResourceRow): Promise<CreateSpec> {
  if (row.kind === 'phone') {
    // The display name and group are the console's own; the cloud knows the phone by its name.
    const { displayName: _label, groupId: _group, ...spec } = row.spec;
    return { spec: spec as unknown as CloudSpecs['phone'] };
  }
  if (row.kind === 'proxy') {
    // The console's name is its own; the cloud sells the line by location.
    const { name: _name, ...spec } = row.spec;
    return { spec: spec as unknown as CloudSpecs['proxy'] };
  }
  if (row.kind === 'eip') return eipCreateSpec(deps, row);
  if (row.kind !== 'desktop') return { spec: row.spec as unknown as CloudSpecs[CloudKind] };
  const {
    officeSiteId,
    desktopType: _type,
    [TRIAL_SPEC_KEY]: _trial,
    ...rest
  } = row.spec as Record<string, unknown>;
  const site = await findResourceByPublicId(deps.database.db, String(officeSiteId));
  if (!site || ['creation_failed', 'refunded'].includes(site.resourceStatus) || site.deletedAt !== null) {
    return { fail: 'office network unavailable' };
  }
  if (site.resourceStatus !== 'created' || site.instanceId === null) return { wait: true };
  // The spec names the policy by its public id; the cloud takes its group (made on this first need).
  const { policyId: _policy, ...bought } = rest;
  const policyGroup = await policyGroupForDesktop(deps, row);
  const spec = {
    ...bought,
    officeSiteId: site.instanceId,
    ...(policyGroup ? { policyId: policyGroup } : {}),
  };
  return { spec: spec as unknown as CloudSpecs['desktop'] };
}

/** The network a resource is bought into, by its public id: the cloud's id once made, else wait or fail. */
async function networkInstanceOf(deps: JobDeps, networkId: string): Promise<CreateSpec | string> {
  const network = await findResourceByPublicId(deps.database.db, networkId);
  if (
    !network ||
    ['creation_failed', 'refunded'].includes(network.resourceStatus) ||
    network.deletedAt !== null
  ) {
    return { fail: 'network unavailable' };
  }
  if (network.resourceStatus !== 'created' || network.instanceId === null) return { wait: true };
  return network.instanceId;
}

/**
 * An EIP's create takes its bandwidth and charge (the name and binding are the console's); one
 * bought into a phone network names it by the console's id, and the cloud takes its own.
 */
async function eipCreateSpec(deps: JobDeps, row: ResourceRow): Promise<CreateSpec> {
  const { networkId, bandwidthMbps, chargeType, periodMonths } = row.spec;
  const rest = { bandwidthMbps, chargeType, ...(periodMonths === undefined ? {} : { periodMonths }) };
  if (typeof networkId !== 'string') return { spec: rest as unknown as CloudSpecs['eip'] };
  const network = await networkInstanceOf(deps, networkId);
  if (typeof network !== 'string') return network;
  return { spec: { ...rest, networkId: network } as unknown as CloudSpecs['eip'] };
}

/**
 * `provision.create`: one upstream create per resource, however often it runs. Non-retryable
 * refusals (a bad spec) fail the creation for good; timeouts and outages throw, so pg-boss
 * retries with backoff and the same token.
 */
export async function createResource(deps: JobDeps, queue: JobSender, data: CreateJobData): Promise<void> {
  // Read under the row lock: a settlement holding it (refunding) is waited for, never raced.
  const row = await inTransaction(deps.database.pool, (tx) => lockResource(tx.db, data.id));
  if (!row || row.resourceStatus !== 'not_created') return;
  const prepared = await createSpecOf(deps, row);
  if ('fail' in prepared) return failCreation(deps, row.id, prepared.fail);
  if ('wait' in prepared) {
    const wait = (data.wait ?? 0) + 1;
    if (wait > CREATE_MAX_WAITS) throw new Error(`resource ${row.resourceId}: its network never came up`);
    await inTransaction(deps.database.pool, (tx) =>
      queue.enqueue<CreateJobData>(
        tx,
        CREATE_JOB,
        { id: row.id, wait },
        { startAfter: pollDelaySeconds(wait) },
      ),
    );
    return;
  }
  const region = await upstreamRegion(deps.database.db, row.regionId, row.kind);
  let answer: CloudResource;
  try {
    answer = await withCloudRetry(() =>
      deps.cloud.create(row.kind as CloudKind, {
        clientToken: row.clientToken,
        region,
        spec: prepared.spec,
      }),
    );
  } catch (error) {
    if (isCloudError(error) && !error.retryable) return failCreation(deps, row.id, error.message);
    throw error;
  }
  await recordCreated(deps, queue, row.id, answer);
}

/** Stores the instance and moves resource and order to creating; then the poll begins. */
async function recordCreated(deps: JobDeps, queue: JobSender, id: number, answer: CloudResource) {
  await inTransaction(deps.database.pool, async (tx) => {
    const row = await lockResource(tx.db, id);
    if (!row || row.resourceStatus !== 'not_created') return;
    await adoptCreated(tx, queue, row, answer, deps.clock.now());
  });
}

/**
 * A locked, not-yet-created resource takes the cloud's instance and is followed from the first
 * poll; one the cloud made ready at once is recorded created here (its ready status goes with it).
 */
async function adoptCreated(tx: Tx, queue: JobSender, row: ResourceRow, answer: CloudResource, now: Date) {
  const ready = isReadyStatus(row.kind, answer.status);
  const adopted = await updateResource(tx.db, row.id, {
    instanceId: answer.instanceId,
    resourceStatus: 'creating',
    ...(ready ? {} : { status: statusFromCloud(row.kind, answer.status) }),
  });
  if (row.orderId !== null) await setResourceStatus(tx, row.orderId, 'creating');
  if (ready) return completeCreation(tx, adopted, answer, now);
  await pollFromStart(tx, queue, row.id);
}

/** Follows a creation again from the first poll (its own transaction's outbox). */
async function pollFromStart(tx: Tx, queue: JobSender, id: number): Promise<void> {
  await queue.enqueue<AwaitJobData>(tx, AWAIT_JOB, { id, attempt: 1 }, { startAfter: pollDelaySeconds(1) });
}

/** `provision.await`: follows one creation to its end. */
export async function awaitResource(deps: JobDeps, queue: JobSender, data: AwaitJobData): Promise<void> {
  const row = await findResource(deps.database.db, data.id);
  if (!row || row.resourceStatus !== 'creating') return;
  // Writes the cloud's status on the way, except a ready one: markCreated writes that with `created`.
  const { described } = await refreshStatuses(deps, [row]);
  const answer = described.get(row.id);
  if (answer?.status === CREATION_FAILED) return failCreation(deps, row.id, 'the cloud could not create it');
  if (answer && isReadyStatus(row.kind, answer.status)) return markCreated(deps, row.id, answer);
  const attempt = (data.attempt ?? 1) + 1;
  if (attempt > AWAIT_MAX_ATTEMPTS) {
    // Not refunded here: after the retries the settlement reads the cloud by token (settleExhausted).
    throw new Error(
      `resource ${row.resourceId} still ${answer?.status ?? 'unknown'} after ${attempt - 1} polls`,
    );
  }
  await inTransaction(deps.database.pool, (tx) =>
    queue.enqueue<AwaitJobData>(
      tx,
      AWAIT_JOB,
      { id: row.id, attempt },
      { startAfter: pollDelaySeconds(attempt) },
    ),
  );
}

/** The order's resource status from its resources: created once none is pending and one exists. */
async function settleOrder(tx: Tx, orderId: number): Promise<void> {
  const siblings = await findResourcesOfOrder(tx.db, orderId);
  const pending = siblings.some((s) => s.resourceStatus === 'not_created' || s.resourceStatus === 'creating');
  if (!pending && siblings.some((s) => s.resourceStatus === 'created')) {
    await setResourceStatus(tx, orderId, 'created');
  }
}

async function markCreated(deps: JobDeps, id: number, answer: CloudResource): Promise<void> {
  await inTransaction(deps.database.pool, async (tx) => {
    const row = await lockResource(tx.db, id);
    if (!row || row.resourceStatus !== 'creating') return;
    await completeCreation(tx, row, answer, deps.clock.now());
  });
}

/**
 * A trial desktop's end: its hours count from the moment it first runs (issue 22, part G2), so the
 * end given at approval is moved when the engine records it created (once: only a creating
 * resource becomes created).
 */
function trialEnd(row: ResourceRow, now: Date): { expiresAt?: Date } {
  const hours = (row.spec as Record<string, unknown>)[TRIAL_SPEC_KEY];
  if (typeof hours !== 'number') return {};
  return { expiresAt: new Date(now.getTime() + hours * 3_600_000) };
}

/** A locked, creating resource the cloud reports ready: created, and its order settled. */
async function completeCreation(tx: Tx, row: ResourceRow, answer: CloudResource, now: Date): Promise<void> {
  await updateResource(tx.db, row.id, {
    ...trialEnd(row, now),
    resourceStatus: 'created',
    // The ready status, written only here (actions.ts READY_STATUSES).
    status: statusFromCloud(row.kind, answer.status),
    attributes: { ...row.attributes, ...keptAttributes(row.kind, answer) },
  });
  if (row.orderId !== null) {
    await lockOrder(tx.db, row.orderId);
    await settleOrder(tx, row.orderId);
  }
}

/**
 * A creation that failed for good: this resource's share of the order back to the wallet (key per
 * resource, once), the resource `refunded` with its failure (one write: `creation_failed` would
 * never be seen outside this transaction), and a notice. The shares of an order's resources add
 * up to exactly what it charged.
 */
export async function failCreation(deps: JobDeps, id: number, failure: string): Promise<void> {
  await inTransaction(deps.database.pool, async (tx) => {
    const row = await lockResource(tx.db, id);
    if (!row || row.resourceStatus === 'refunded' || row.resourceStatus === 'created') return;
    await refundCreation(tx, row, failure);
  });
}

/** failCreation's work on a locked resource that is not created: the one refund path. */
async function refundCreation(tx: Tx, row: ResourceRow, failure: string): Promise<void> {
  const id = row.id;
  const refunded = () => updateResource(tx.db, id, { resourceStatus: 'refunded', failure });
  if (row.orderId === null) {
    await refunded();
    return;
  }
  const order = await lockOrder(tx.db, row.orderId);
  if (!order) throw new AppError('not_found', ErrorCode.ORDER_NOT_FOUND);
  const siblings = await findResourcesOfOrder(tx.db, order.id);
  const index = siblings.findIndex((s) => s.id === id);
  const share = shareOf(order.paidAmountMicros, siblings.length, index);
  const othersFailed = siblings.every(
    (s) => s.id === id || s.resourceStatus === 'creation_failed' || s.resourceStatus === 'refunded',
  );
  await refundOrderPart(tx, order.id, {
    resourceId: row.resourceId,
    amountMicros: share,
    failure,
    allFailed: othersFailed,
    memo: 'creation_refund',
  });
  await refunded();
  if (!othersFailed) await settleOrder(tx, order.id);
  // A free resource (the gift office network) cost nothing: its desktops' notices tell the story.
  if (share === 0n) return;
  await notify(tx.db, row.userId, 'resource_refunded', {
    kind: row.kind,
    name: row.name,
    resourceId: row.resourceId,
    no: order.no,
    amount: formatDollars(share),
  });
}

// ---------------------------------------------------------------------------------------------
// Settling a creation whose job failed for good (the dead letter)

/** The `exhausted` hook of the create and await jobs: the settlement, a little later. */
async function enqueueSettlement(deps: JobDeps, queue: JobSender, data: SettleJobData): Promise<void> {
  await inTransaction(deps.database.pool, (tx) =>
    queue.enqueue<SettleJobData>(tx, SETTLE_JOB, data, { startAfter: SETTLE_DELAY_SECONDS }),
  );
}

const isGoneUpstream = (status: string) => (TERMINAL_STATUSES as readonly string[]).includes(status);

/**
 * `provision.settle`: a creation whose job exhausted its retries. Write last, read first: the
 * cloud is asked by the resource's client token (a read, never a create) and
 * - finds nothing, or a failed or gone resource → refunded like a clean creation failure
 *   (refundCreation: the share once, keyed per resource, and the notice);
 * - finds it after a create job → adopted (its instance stored, creating, polled from the start);
 * - finds it ready after an await job → created; still in progress → polled again from the start.
 *
 * All of it holds the resource's row lock, taken before the read: a create job reads its resource
 * under the same lock before it calls the cloud, so no create can start between our read and our
 * refund; one that is queued, retrying or running (an operator retried its dead letter) makes this
 * job fail and retry later instead. A refunded resource is never created again (the create job
 * only creates `not_created` ones), so the token cannot make it after the refund. An operator's
 * retry of the dead letter afterwards finds the resource settled and does nothing.
 */
export async function settleExhausted(deps: JobDeps, queue: JobSender, data: SettleJobData): Promise<void> {
  await inTransaction(deps.database.pool, async (tx) => {
    const row = await lockResource(tx.db, data.id);
    // Settled meanwhile: an operator's retry finished it, or this settlement already ran.
    if (!row || row.resourceStatus !== PENDING_AFTER[data.after]) return;
    if (row.resourceStatus === 'not_created' && (await hasLiveJob(tx, CREATE_JOB, { id: row.id }))) {
      throw new Error(`resource ${row.resourceId}: a create job is still pending; settled after it`);
    }
    const upstream = await withCloudRetry(() =>
      deps.cloud.findByClientToken(row.kind as CloudKind, row.clientToken),
    );
    if (!upstream || upstream.status === CREATION_FAILED || isGoneUpstream(upstream.status)) {
      const failure = upstream ? 'the cloud could not create it' : 'the cloud never created it';
      return refundCreation(tx, row, failure);
    }
    if (row.resourceStatus === 'not_created') return adoptCreated(tx, queue, row, upstream, deps.clock.now());
    if (isReadyStatus(row.kind, upstream.status))
      return completeCreation(tx, row, upstream, deps.clock.now());
    await pollFromStart(tx, queue, row.id);
  });
}

/** Resource `index`'s share of `paid` split `count` ways; the shares sum to `paid` exactly. */
export function shareOf(paid: bigint, count: number, index: number): bigint {
  const n = BigInt(count);
  const i = BigInt(index);
  return (paid * (i + 1n)) / n - (paid * i) / n;
}

// ---------------------------------------------------------------------------------------------
// Actions: unconfirmed calls and settling statuses

/** `provision.refresh`: repeats unanswered action calls, then reads the statuses back. */
export async function refreshResources(
  deps: JobDeps,
  queue: JobSender | undefined,
  data: RefreshJobData,
): Promise<void> {
  const rows = data.ids
    ? await findResourcesByIds(deps.database.db, data.ids)
    : await findUnsettled(deps.database.db, SETTLING_STATUSES, REFRESH_SWEEP_LIMIT);
  for (const row of rows.filter((r) => pendingCall(r) !== undefined)) {
    // A refusal clears the call and reads the status back; nobody waits for the answer here.
    await sendPendingCall(deps, row).catch((error: unknown) => {
      if (!isAppError(error)) throw error;
    });
  }
  await refreshStatuses(deps, rows);
  if (!data.ids || !queue) return;
  const after = await findResourcesByIds(deps.database.db, data.ids);
  const unsettled = after.filter(
    (r) =>
      r.deletedAt === null &&
      (pendingCall(r) !== undefined || (SETTLING_STATUSES[r.kind as 'desktop'] ?? []).includes(r.status)),
  );
  const attempt = (data.attempt ?? 1) + 1;
  if (unsettled.length === 0 || attempt > REFRESH_MAX_ATTEMPTS) return;
  await inTransaction(deps.database.pool, (tx) =>
    queue.enqueue<RefreshJobData>(
      tx,
      REFRESH_JOB,
      { ids: unsettled.map((r) => r.id), attempt },
      { startAfter: Math.max(REFRESH_FIRST_DELAY_SECONDS, pollDelaySeconds(attempt)) },
    ),
  );
}

export function provisioningJobs(deps: JobDeps): JobDefinition[] {
  const create: JobDefinition<CreateJobData> = {
    name: CREATE_JOB,
    // Timeouts and outages: retried with backoff (30 s, 60 s …), the same token every time.
    queue: { retryLimit: 8, retryDelay: 30, retryBackoff: true },
    handle: (job: Job<CreateJobData>, queue) => createResource(deps, requireQueue(queue), job.data),
    exhausted: (job, queue) => enqueueSettlement(deps, queue, { id: job.data.id, after: 'create' }),
  };
  const poll: JobDefinition<AwaitJobData> = {
    name: AWAIT_JOB,
    queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
    handle: (job: Job<AwaitJobData>, queue) => awaitResource(deps, requireQueue(queue), job.data),
    exhausted: (job, queue) => enqueueSettlement(deps, queue, { id: job.data.id, after: 'await' }),
  };
  const settle: JobDefinition<SettleJobData> = {
    name: SETTLE_JOB,
    // A cloud outage or a create still pending: tried again later; its own dead letter is the operator's.
    queue: { retryLimit: 10, retryDelay: 60, retryBackoff: true },
    handle: (job: Job<SettleJobData>, queue) => settleExhausted(deps, requireQueue(queue), job.data),
  };
  const refresh: JobDefinition<RefreshJobData> = {
    name: REFRESH_JOB,
    schedule: '* * * * *',
    queue: { retryLimit: 3 },
    handle: (job: Job<RefreshJobData>, queue) => refreshResources(deps, queue, job.data ?? {}),
  };
  return [create, poll, refresh, settle] as JobDefinition[];
}
