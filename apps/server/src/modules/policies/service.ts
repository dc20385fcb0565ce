/**
 * Cloud strategies (spec §3 Policy, §5: the default policy cannot be edited or deleted): what a
 * desktop's user may carry across the connection. Every customer has one default policy, made on
 * first use (the list, a purchase, a new policy) and given to every new desktop; the others are
 * the customer's own, with names unique per customer whatever their case.
 *
 * Upstream each policy is a policy group (upstream.ts), made when a desktop first needs it. A
 * desktop takes a policy through the engine (`requestAction` 'set_policy', running or shut down
 * only), and `resources.spec.policyId` names the public id the desktop list shows.
 */
import {
  ErrorCode,
  type BatchResult,
  type DesktopStatus,
  type Language,
  type Policy,
  type PolicyBody,
  type PolicyPage,
} from '@cloudbay/contracts';
import type { CoreDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { AppError, isAppError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { isActionAllowed, requestAction, type ActionDeps } from '../provisioning/actions';
import {
  countLiveDesktopsBy,
  findLiveDesktopsBy,
  findResourceOfUser,
  type ResourceRow,
} from '../provisioning/repo';
import { newResourceId } from '../provisioning/service';
import {
  countPolicies,
  deletePolicy as deletePolicyRow,
  ensureDefaultPolicy,
  findPolicyOfUser,
  findPolicyPage,
  insertPolicy,
  updatePolicy as updatePolicyRow,
  type PolicyRow,
} from './repo';
import { pushPolicy, upstreamPolicyGroup } from './upstream';

/** The default policy's name as each language shows it (stored as the English one). */
export const DEFAULT_POLICY_NAMES: Record<Language, string> = {
  'zh-CN': '默认策略',
  'en-US': 'Default policy',
};

const nameOf = (row: PolicyRow, language: Language) =>
  row.isDefault ? DEFAULT_POLICY_NAMES[language] : row.name;

export function toPolicy(row: PolicyRow, desktopCount: number, language: Language): Policy {
  return {
    policy_id: row.policyId,
    name: nameOf(row, language),
    clipboard: row.clipboard as Policy['clipboard'],
    local_drive: row.localDrive as Policy['local_drive'],
    usb_redirect: row.usbRedirect,
    is_default: row.isDefault,
    desktop_count: desktopCount,
    created_at: row.createdAt.toISOString(),
  };
}

const notFound = () => new AppError('not_found', ErrorCode.POLICY_NOT_FOUND);
const nameTaken = () => new AppError('conflict', ErrorCode.POLICY_NAME_TAKEN);

/** One of the caller's policies; another customer's answers 404. */
async function policyOfUser(db: Db, userId: number, policyId: string): Promise<PolicyRow> {
  const row = await findPolicyOfUser(db, userId, policyId);
  if (!row) throw notFound();
  return row;
}

/** A policy the customer may change: theirs, and not the default (422 POLICY_DEFAULT_LOCKED). */
function assertEditable(row: PolicyRow | undefined): asserts row is PolicyRow {
  if (!row) throw notFound();
  if (row.isDefault) throw new AppError('business_rule', ErrorCode.POLICY_DEFAULT_LOCKED);
}

/**
 * The default policy's names, in either language, are taken: the list must never show two
 * "默认策略". Other clashes are the unique index's (case-insensitive), so racing requests cannot
 * both win.
 */
function assertNameFree(name: string): void {
  const lower = name.toLowerCase();
  if (Object.values(DEFAULT_POLICY_NAMES).some((reserved) => reserved.toLowerCase() === lower))
    throw nameTaken();
}

function rethrowNameTaken(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) throw nameTaken();
  throw error;
}

async function withCounts(db: Db, userId: number, rows: PolicyRow[], language: Language): Promise<Policy[]> {
  const counts = await countLiveDesktopsBy(
    db,
    userId,
    'policyId',
    rows.map((row) => row.policyId),
  );
  return rows.map((row) => toPolicy(row, counts.get(row.policyId) ?? 0, language));
}

/** GET /user/policy: the default first (made now if this is the first use), then the newest. */
export async function listPolicies(
  db: Db,
  userId: number,
  query: { page: number; limit: number; name?: string },
  language: Language,
): Promise<PolicyPage> {
  await ensureDefaultPolicy(db, userId);
  const name = query.name?.trim() || undefined;
  const criteria = {
    userId,
    name,
    defaultMatches:
      name === undefined || DEFAULT_POLICY_NAMES[language].toLowerCase().includes(name.toLowerCase()),
  };
  const [rows, total] = await concurrently(
    db,
    () => findPolicyPage(db, criteria, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    () => countPolicies(db, criteria),
  );
  return { list: await withCounts(db, userId, rows, language), total, page: query.page, limit: query.limit };
}

/** POST /user/policy: a new policy of the caller's (409 POLICY_NAME_TAKEN on a name in use). */
export async function createPolicy(
  db: Db,
  userId: number,
  body: PolicyBody,
  language: Language,
): Promise<Policy> {
  assertNameFree(body.name);
  await ensureDefaultPolicy(db, userId);
  const row = await insertPolicy(db, {
    policyId: newResourceId('policy'),
    userId,
    name: body.name,
    clipboard: body.clipboard,
    localDrive: body.local_drive,
    usbRedirect: body.usb_redirect,
  }).catch(rethrowNameTaken);
  return toPolicy(row, 0, language);
}

/**
 * PUT /user/policy/{policy_id}: the row and its upstream group change together. The row is locked
 * and changed, the whole new policy sent to the group (when it has one), and the change commits
 * only once the cloud accepted it: a refusal or an outage rolls it back and answers the error. A
 * commit lost after the cloud's answer leaves the group ahead, and the next edit (which sends
 * every field again) brings both together.
 */
export async function updatePolicy(
  deps: CoreDeps,
  userId: number,
  policyId: string,
  body: PolicyBody,
  language: Language,
): Promise<Policy> {
  const updated = await inTransaction(deps.database.pool, async (tx) => {
    const row = await findPolicyOfUser(tx.db, userId, policyId, { lock: true });
    assertEditable(row);
    assertNameFree(body.name);
    const changed = await updatePolicyRow(tx.db, row.id, {
      name: body.name,
      clipboard: body.clipboard,
      localDrive: body.local_drive,
      usbRedirect: body.usb_redirect,
    }).catch(rethrowNameTaken);
    await pushPolicy(deps, changed);
    return changed;
  });
  const [policy] = await withCounts(deps.database.db, userId, [updated], language);
  return policy!;
}

/**
 * Gives a desktop a policy: its upstream group (made on this first need, in the desktop's region)
 * through the engine's `set_policy` (running or shut down only: 409 otherwise), then the spec
 * names it (from the moment the call is recorded; put back if the cloud refuses). A call the cloud
 * has not answered yet stays with the engine, which repeats it.
 */
async function givePolicy(deps: ActionDeps, desktop: ResourceRow, policy: PolicyRow): Promise<ResourceRow> {
  if (desktop.spec.policyId === policy.policyId) return desktop;
  const group = await upstreamPolicyGroup(deps, policy, desktop.regionId);
  // The spec changes with the recorded call, and back if the cloud refuses it.
  return requestAction(deps, desktop, 'set_policy', {
    params: { policyId: group },
    change: { spec: { policyId: policy.policyId } },
  });
}

type BatchEntry = BatchResult['results'][number];

/**
 * PUT /user/policy/{policy_id}/desktops: one entry per desktop asked for, in order. A desktop that
 * is not the caller's answers its entry 404 DESKTOP_NOT_FOUND; one whose status forbids the change
 * answers 409; the others take the policy.
 */
export async function assignPolicy(
  deps: ActionDeps,
  userId: number,
  policyId: string,
  desktopIds: readonly string[],
  language: Language,
): Promise<BatchResult> {
  const db = deps.database.db;
  const policy = await policyOfUser(db, userId, policyId);
  const outcomes = new Map<string, BatchEntry>();
  for (const desktopId of new Set(desktopIds)) {
    outcomes.set(desktopId, await assignOne(deps, userId, desktopId, policy, language));
  }
  return { results: desktopIds.map((desktopId) => outcomes.get(desktopId)!) };
}

async function assignOne(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  policy: PolicyRow,
  language: Language,
): Promise<BatchEntry> {
  try {
    const desktop = await findResourceOfUser(deps.database.db, userId, 'desktop', desktopId);
    if (!desktop) throw new AppError('not_found', ErrorCode.DESKTOP_NOT_FOUND);
    const row = await givePolicy(deps, desktop, policy);
    return {
      desktop_id: desktopId,
      ok: true,
      status: row.status as DesktopStatus,
      code: null,
      message: null,
    };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message = translate(language, error.code, error.params);
    return { desktop_id: desktopId, ok: false, status: null, code: error.code, message };
  }
}

/**
 * DELETE /user/policy/{policy_id}: the desktops using it go back to the default policy first (the
 * friendlier choice than refusing while in use), then the policy and its upstream group go. When
 * one of them cannot change policy now (starting, stopping, rebuilding, expired…), nothing is done
 * and 409 RESOURCE_ACTION_FORBIDDEN answers: the customer retries once it has settled. New desktops
 * only ever get the default policy and assignment needs a created desktop, so every desktop on a
 * policy that can be deleted has been created.
 */
export async function deletePolicy(deps: ActionDeps, userId: number, policyId: string): Promise<void> {
  const db = deps.database.db;
  const policy = await findPolicyOfUser(db, userId, policyId);
  assertEditable(policy);
  const fallback = await ensureDefaultPolicy(db, userId);
  const users = await findLiveDesktopsBy(db, userId, 'policyId', policy.policyId);
  if (users.some((desktop) => !isActionAllowed(desktop, 'set_policy'))) {
    throw new AppError('conflict', ErrorCode.RESOURCE_ACTION_FORBIDDEN);
  }
  for (const desktop of users) await givePolicy(deps, desktop, fallback);
  await inTransaction(deps.database.pool, async (tx) => {
    const row = await findPolicyOfUser(tx.db, userId, policyId, { lock: true });
    if (!row) return;
    // A desktop given this policy meanwhile keeps it until it is moved: try again then.
    const left = await countLiveDesktopsBy(tx.db, userId, 'policyId', [policyId]);
    if ((left.get(policyId) ?? 0) > 0) throw new AppError('conflict', ErrorCode.RESOURCE_ACTION_FORBIDDEN);
    await deletePolicyRow(tx.db, row.id);
  });
  if (policy.instanceId !== null) await deleteGroup(deps, policy.instanceId, policy.policyId);
}

/**
 * The upstream group goes last, best effort: the row is gone and no desktop names the group any
 * more, so a group the cloud failed to delete is only left over, never used.
 */
async function deleteGroup(deps: Pick<CoreDeps, 'cloud'>, instanceId: string, policyId: string) {
  try {
    await deps.cloud.delete('policy', instanceId, `policy:${policyId}:delete`);
  } catch {
    // Left behind upstream; see above.
  }
}
