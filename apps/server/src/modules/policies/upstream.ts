/**
 * A policy's upstream policy group (ECD CreatePolicyGroup / ModifyPolicyGroup / DeletePolicyGroups).
 *
 * The group is made when a desktop first needs it: when the policy is assigned, or when a desktop
 * bought with it is created (provision.create). Nothing upstream exists before that, so a policy
 * nobody uses costs no cloud call. The group is created in that desktop's region: the simulated
 * cloud checks that a desktop's policy exists and is available, not where (one group per policy,
 * `desktop_policies.instance_id`).
 *
 * The create's client token is `policy:<policy_id>:<region>:<version>` (version = the row's
 * `updated_at`): concurrent first uses (the desktops of one purchase) ask with the same token and get
 * the same group; `recordInstance` keeps the first recorded. A create the cloud ends in `failed`
 * moves the version, so the next try is a new create rather than the same failure replayed. An edit
 * that lands while the group is being made is pushed with a `modify` right after.
 */
import { ErrorCode } from '@cloudbay/contracts';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CREATION_FAILED, type PolicySpec } from '../../providers/cloud/types';
import { cloudErrorToAppError, withCloudRetry } from '../provisioning/cloud-calls';
import type { ResourceRow } from '../provisioning/repo';
import { ensureDefaultPolicy, findPolicyOfUser, recordInstance, touchPolicy, type PolicyRow } from './repo';

type UpstreamDeps = Pick<CoreDeps, 'cloud' | 'database'>;

/** What the cloud is told a policy is (the console has no watermark or recording settings). */
export function policySpecOf(policy: PolicyRow): PolicySpec {
  return {
    name: policy.name,
    clipboard: policy.clipboard as PolicySpec['clipboard'],
    localDrive: policy.localDrive as PolicySpec['localDrive'],
    usbRedirect: policy.usbRedirect,
    watermark: false,
    recording: false,
  };
}

const versionOf = (policy: PolicyRow) => policy.updatedAt.getTime();

/** The token of a `modify` pushing version `version` of a policy (one effect per version). */
export const modifyToken = (policy: PolicyRow) => `policy:${policy.policyId}:modify:${versionOf(policy)}`;

/** The upstream region id of a resource's region. */
async function upstreamRegion(db: Db, regionId: number | null): Promise<string> {
  if (regionId === null) throw new Error('a desktop without a region has no upstream region');
  const [region] = await db.select().from(regions).where(eq(regions.id, regionId));
  if (!region) throw new Error(`region ${regionId} is gone`);
  return region.wyRegionId;
}

/** Runs a cloud call with the engine's retries; a refusal becomes the console's error. */
async function cloudCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await withCloudRetry(call);
  } catch (error) {
    throw cloudErrorToAppError(error);
  }
}

/**
 * The policy's upstream group id, created in `regionId`'s upstream region when it has none yet.
 * A refusal throws the console's error (CLOUD_REQUEST_REJECTED, CLOUD_UNAVAILABLE…).
 */
export async function upstreamPolicyGroup(
  deps: UpstreamDeps,
  policy: PolicyRow,
  regionId: number | null,
): Promise<string> {
  if (policy.instanceId !== null) return policy.instanceId;
  const region = await upstreamRegion(deps.database.db, regionId);
  const version = versionOf(policy);
  const answer = await cloudCall(() =>
    deps.cloud.create('policy', {
      clientToken: `policy:${policy.policyId}:${region}:${version}`,
      region,
      spec: policySpecOf(policy),
    }),
  );
  if (answer.status === CREATION_FAILED) {
    await touchPolicy(deps.database.db, policy.id);
    throw new AppError('business_rule', ErrorCode.CLOUD_REQUEST_REJECTED);
  }
  const recorded = await recordInstance(deps.database.db, policy.id, answer.instanceId);
  if (recorded.instanceId === answer.instanceId && versionOf(recorded) !== version) {
    // Edited while the group was being made (the edit saw no group to modify): push it now.
    await pushPolicy(deps, recorded);
  }
  return recorded.instanceId!;
}

/** Sends the whole policy to its upstream group (a `modify` carries every field, so any later one resyncs). */
export async function pushPolicy(deps: Pick<CoreDeps, 'cloud'>, policy: PolicyRow): Promise<void> {
  if (policy.instanceId === null) return;
  await cloudCall(() =>
    deps.cloud.act('policy', policy.instanceId!, 'modify', policySpecOf(policy), modifyToken(policy)),
  );
}

/**
 * The upstream group a desktop being created should join: its spec's policy (a public id), or the
 * customer's default when that policy has been deleted since; none for a desktop bought before
 * policies existed. Used by provision.create, in the desktop's region.
 */
export async function policyGroupForDesktop(
  deps: UpstreamDeps,
  desktop: Pick<ResourceRow, 'userId' | 'regionId' | 'spec'>,
): Promise<string | undefined> {
  const policyId = desktop.spec.policyId;
  if (typeof policyId !== 'string') return undefined;
  const db = deps.database.db;
  const policy =
    (await findPolicyOfUser(db, desktop.userId, policyId)) ?? (await ensureDefaultPolicy(db, desktop.userId));
  return upstreamPolicyGroup(deps, policy, desktop.regionId);
}
