/**
 * The customer's cloud computers (spec §3 Cloud computer, §4, §7 Desktops): the list and its
 * filters, counts per region, run status one at a time or in batches, editing, renewal,
 * reinstalling, migration, disconnection, the accounts on a desktop, the connection ticket and
 * monitoring. Every change goes through the provisioning engine's `requestAction` (its state
 * machine decides, the cloud is called with a client token); money through billing's
 * `renewResource` and the spec change (spec-change.ts).
 */
import {
  ErrorCode,
  type BatchResult,
  type Desktop,
  type DesktopAccount,
  type DesktopBatchMigrateBody,
  type DesktopBatchRebuildBody,
  type DesktopPage,
  type DesktopProcess,
  type DesktopRunAction,
  type DesktopSubAccount,
  type DesktopUpdateBody,
  type Language,
  type LoginToken,
  type NetworkFlow,
  type RealTimeData,
  type RegionCount,
} from '@cloudbay/contracts';
import type { desktopListQuery, metricRangeQuery } from '@cloudbay/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { BUILTIN_DESKTOP_USER, isCloudError } from '../../providers/cloud/types';
import { trafficRates } from '../billing/rates';
import { isRenewable, renewResource, setAutoRenew, type Renewal } from '../billing/renewal';
import {
  checkAllowed,
  recordAction,
  requestAction,
  sendPendingCall,
  type ActionDeps,
} from '../provisioning/actions';
import { runBatch as runEach } from '../provisioning/batch';
import { cloudErrorToAppError, withCloudRetry } from '../provisioning/cloud-calls';
import { findListPage, findResourceOfUser, listCriteriaOf, type ResourceRow } from '../provisioning/repo';
import { desktopOfUser } from '../provisioning/service';
import { findPublicConfig } from '../system/repo';
import { connectUrl } from './connect-page';
import { EXE_URL_KEY } from './reference-data';
import { readNetworkFlow, readRealTimeData, resolveMetricRange, trafficPrice } from './metrics';
import {
  countDesktopsByRegion,
  desktopCriteria,
  findBoundSubAccounts,
  findDesktopsOfUser,
  findImagesByIds,
  findOfficeSites,
} from './repo';
import { desktopActionAllowed, text, toDesktop } from './view';
import type { SubAccountPayer } from '../sub-accounts/spend-cap';

/** The list's query as validated (defaults applied). */
/** `boundTo`: a sub-account's session lists only its bound desktops (issue 21). */
export type DesktopListFilter = z.output<typeof desktopListQuery> & { boundTo?: number };
/** A monitoring query as validated. */
export type MetricRangeFilter = z.output<typeof metricRangeQuery>;

// ---------------------------------------------------------------------------------------------
// Reading

/** Desktops as the API answers them, with their networks read in one query. */
export async function presentDesktops(db: Db, userId: number, rows: ResourceRow[]): Promise<Desktop[]> {
  const siteIds = [...new Set(rows.map((row) => text(row.spec.officeSiteId)).filter((id) => id !== null))];
  const sites = new Map((await findOfficeSites(db, userId, siteIds)).map((site) => [site.resourceId, site]));
  return rows.map((row) => toDesktop(row, sites.get(text(row.spec.officeSiteId) ?? '')));
}

export async function presentDesktop(db: Db, row: ResourceRow): Promise<Desktop> {
  return (await presentDesktops(db, row.userId, [row]))[0]!;
}

/** GET /user/desktop: the caller's live desktops, filtered and paged in SQL, newest first. */
export async function listDesktops(db: Db, userId: number, query: DesktopListFilter): Promise<DesktopPage> {
  const criteria = desktopCriteria(listCriteriaOf(userId, 'desktop', query), query.office_site_id);
  const { rows, total } = await findListPage(db, criteria, query);
  return { list: await presentDesktops(db, userId, rows), total, page: query.page, limit: query.limit };
}

/** GET /user/desktop/region_count. */
export async function desktopRegionCount(db: Db, userId: number, boundTo?: number): Promise<RegionCount> {
  const rows = await countDesktopsByRegion(db, userId, boundTo);
  return rows.map((row) => ({ region_id: row.regionId, count: row.count }));
}

// ---------------------------------------------------------------------------------------------
// Batches

/** The provisioning engine's `runBatch` over the caller's desktops, answered with `desktop_id`s. */
export async function runBatch(
  db: Db,
  userId: number,
  desktopIds: readonly string[],
  language: Language,
  act: (row: ResourceRow) => Promise<ResourceRow>,
): Promise<BatchResult> {
  const input = { userId, kind: 'desktop', ids: desktopIds, notFound: ErrorCode.DESKTOP_NOT_FOUND, language };
  const entries = await runEach(db, input, act);
  return {
    results: entries.map(({ id, status, ...entry }) => ({
      desktop_id: id,
      ...entry,
      status: status as Desktop['status'] | null,
    })),
  };
}

/** PUT /user/desktop/{desktop_id}/run_status. */
export async function runDesktopAction(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  action: DesktopRunAction,
): Promise<ResourceRow> {
  const row = await desktopOfUser(deps.database.db, userId, desktopId);
  return requestAction(deps, row, action);
}

/** PUT /user/desktop/run_status. */
export function batchRunStatus(
  deps: ActionDeps,
  userId: number,
  body: { desktop_ids: string[]; action: DesktopRunAction },
  language: Language,
): Promise<BatchResult> {
  return runBatch(deps.database.db, userId, body.desktop_ids, language, (row) =>
    requestAction(deps, row, body.action),
  );
}

// ---------------------------------------------------------------------------------------------
// Editing and renewal

/**
 * PUT /user/desktop/{desktop_id}: a new name (upstream `rename`), another end user (upstream
 * `assign_user`; '' for nobody), auto-renew on or off (subscriptions that are not gifts only:
 * 422 AUTO_RENEW_REFUSED). Every rule is checked before anything changes.
 */
export async function updateDesktop(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  body: DesktopUpdateBody,
): Promise<ResourceRow> {
  const row = await desktopOfUser(deps.database.db, userId, desktopId);
  if (body.auto_renew === true && !isRenewable(row)) {
    throw new AppError('business_rule', ErrorCode.AUTO_RENEW_REFUSED);
  }
  const name = body.name !== undefined && body.name !== row.name ? body.name : undefined;
  const endUser = body.end_user === undefined ? undefined : body.end_user || null;
  const reassign = endUser !== undefined && endUser !== text(row.spec.endUser);
  if (name !== undefined) checkAllowed(row, 'rename');
  if (reassign) checkAllowed(row, 'assign_user');
  if (name !== undefined) {
    await requestAction(deps, row, 'rename', { params: { name }, change: { name, spec: { name } } });
  }
  if (reassign) {
    await requestAction(deps, row, 'assign_user', {
      params: { endUserId: endUser },
      change: { spec: { endUser } },
    });
  }
  const fresh = await desktopOfUser(deps.database.db, userId, desktopId);
  return body.auto_renew === undefined ? fresh : setAutoRenew(deps.database.db, fresh, body.auto_renew);
}

/** PUT /user/desktop/{desktop_id}/renew: billing's renewal of one of the caller's desktops. */
export async function renewDesktop(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  months: number,
  idempotencyKey: string,
  payer?: SubAccountPayer,
): Promise<Renewal> {
  // renewResource takes any kind by its id: only a desktop is renewed here.
  await desktopOfUser(deps.database.db, userId, desktopId);
  return renewResource(deps, userId, desktopId, months, idempotencyKey, payer);
}

// ---------------------------------------------------------------------------------------------
// Reinstalling, migrating, disconnecting

type ImageRow = Awaited<ReturnType<typeof findImagesByIds>>[number];

/** An image the caller may reinstall from: a system image or their own, ready. */
const isOwnOrSystem = (image: ImageRow | undefined, userId: number): image is ImageRow =>
  image !== undefined &&
  image.status === 'available' &&
  // A system image the operators took off sale is not offered for a reinstall either.
  image.enabled &&
  (image.ownerUserId === null || image.ownerUserId === userId);

/**
 * The new image fits the desktop: usable in its region, of its current image's platform (a
 * Windows desktop stays Windows), no larger than its system disk.
 */
function fitsDesktop(image: ImageRow, row: ResourceRow, current: ImageRow | undefined): boolean {
  const disk = typeof row.spec.systemDiskGiB === 'number' ? row.spec.systemDiskGiB : 0;
  return (
    (image.regionId === null || image.regionId === row.regionId) &&
    (current === undefined || current.platformType === image.platformType) &&
    image.minSystemDiskGib <= disk
  );
}

/**
 * PUT /user/desktop/batch_rebuild: reinstall each desktop (running or shut down only), from
 * another image if given: 404 IMAGE_NOT_FOUND for an image the caller cannot use at all, and in
 * a desktop's entry when it does not fit that desktop.
 */
export async function rebuildDesktops(
  deps: ActionDeps,
  userId: number,
  body: DesktopBatchRebuildBody,
  language: Language,
): Promise<BatchResult> {
  const { db } = deps.database;
  const desktops = await findDesktopsOfUser(db, userId, body.desktop_ids);
  const imageIds = desktops.map((row) => text(row.spec.imageId)).filter((id) => id !== null);
  const images = new Map(
    (await findImagesByIds(db, [...imageIds, ...(body.image_id ? [body.image_id] : [])])).map((image) => [
      image.imageId,
      image,
    ]),
  );
  const image = body.image_id === undefined ? undefined : images.get(body.image_id);
  if (body.image_id !== undefined && !isOwnOrSystem(image, userId)) {
    throw new AppError('not_found', ErrorCode.IMAGE_NOT_FOUND);
  }
  return runBatch(db, userId, body.desktop_ids, language, (row) => {
    if (!image) return requestAction(deps, row, 'rebuild');
    if (!fitsDesktop(image, row, images.get(String(row.spec.imageId)))) {
      throw new AppError('business_rule', ErrorCode.IMAGE_NOT_FOUND);
    }
    return requestAction(deps, row, 'rebuild', {
      params: { imageId: image.imageId },
      change: { spec: { imageId: image.imageId } },
    });
  });
}

/** The caller's office network a desktop is to move to; another's or an unknown one is 404. */
async function migrationTarget(
  db: Db,
  userId: number,
  officeSiteId: string,
  options: { lock?: 'share' } = {},
): Promise<ResourceRow> {
  const site = await findResourceOfUser(db, userId, 'office_site', officeSiteId, options);
  if (!site) throw new AppError('not_found', ErrorCode.OFFICE_SITE_NOT_FOUND);
  return site;
}

/**
 * Moves a desktop of `userId` to a network: a live one (made, normal) of its region other than its
 * own, else 422 MIGRATE_TARGET_INVALID; its state must allow it (running or shut down).
 *
 * The target is read share-locked in the transaction that records the move: a release locks the
 * network before counting its desktops (office-sites/service.ts `releaseOfficeSite`), so a move
 * either commits first (and is counted: the release is refused) or reads the network as releasing
 * (and is refused). No desktop moves onto a network on its way out.
 */
async function migrate(
  deps: ActionDeps,
  userId: number,
  row: ResourceRow,
  officeSiteId: string,
): Promise<ResourceRow> {
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const site = await migrationTarget(tx.db, userId, officeSiteId, { lock: 'share' });
    const usable =
      site.resourceStatus === 'created' &&
      site.status === 'normal' &&
      site.instanceId !== null &&
      site.regionId === row.regionId &&
      site.resourceId !== row.spec.officeSiteId;
    if (!usable) throw new AppError('business_rule', ErrorCode.MIGRATE_TARGET_INVALID);
    return recordAction(tx, deps, row, 'migrate', {
      params: { officeSiteId: site.instanceId },
      change: { spec: { officeSiteId: site.resourceId } },
    });
  });
  return sendPendingCall(deps, recorded);
}

/** POST /user/desktop/{id}/migrate. */
export async function migrateDesktop(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  officeSiteId: string,
): Promise<ResourceRow> {
  const row = await desktopOfUser(deps.database.db, userId, desktopId);
  return migrate(deps, userId, row, officeSiteId);
}

/**
 * POST /user/desktop/batch_migrate: an unknown target answers 404 for the whole batch; each desktop's
 * move is checked (against the target as it is then) in its entry.
 */
export async function batchMigrate(
  deps: ActionDeps,
  userId: number,
  body: DesktopBatchMigrateBody,
  language: Language,
): Promise<BatchResult> {
  await migrationTarget(deps.database.db, userId, body.office_site_id);
  return runBatch(deps.database.db, userId, body.desktop_ids, language, (row) =>
    migrate(deps, userId, row, body.office_site_id),
  );
}

/** PUT /user/desktop/{desktop_id}/disconnect: ends the client sessions (running only). */
export async function disconnectDesktop(deps: ActionDeps, userId: number, desktopId: string) {
  const row = await desktopOfUser(deps.database.db, userId, desktopId);
  return requestAction(deps, row, 'disconnect');
}

// ---------------------------------------------------------------------------------------------
// Accounts and connection

/** A read from the cloud, retried on a timeout; its refusal as the console's error. */
async function fromCloud<T>(call: () => Promise<T>, notRunning = false): Promise<T> {
  try {
    return await withCloudRetry(call);
  } catch (error) {
    if (notRunning && isCloudError(error, 'invalid_state')) {
      throw new AppError('conflict', ErrorCode.DESKTOP_NOT_RUNNING);
    }
    throw cloudErrorToAppError(error);
  }
}

/**
 * GET /user/desktop/{desktop_id}/accounts: who logs in to it, as the cloud describes it. The
 * console assigns one end user at a time (nobody: the built-in account), so the desktop's
 * connected sessions are that account's.
 */
export async function desktopAccounts(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
): Promise<DesktopAccount[]> {
  const row = await desktopOfUser(deps.database.db, userId, desktopId);
  if (row.instanceId === null) return [];
  const [described] = await fromCloud(() => deps.cloud.describe('desktop', [row.instanceId!]));
  if (!described) return [];
  const { endUsers = [], connectedSessions } = described.attributes;
  const accounts = endUsers.length > 0 ? endUsers : [BUILTIN_DESKTOP_USER];
  return accounts.map((user, index) => ({
    user_name: user,
    connected_sessions: index === 0 ? connectedSessions : 0,
  }));
}

/** GET /user/desktop/{desktop_id}/son_account: the caller's sub-accounts bound to the desktop. */
export async function desktopSubAccounts(
  db: Db,
  userId: number,
  desktopId: string,
): Promise<DesktopSubAccount[]> {
  const row = await desktopOfUser(db, userId, desktopId);
  const rows = await findBoundSubAccounts(db, userId, row.id);
  return rows.map((account) => ({
    account_id: account.id,
    nickname: account.nickname,
    email: account.email,
    // Dictionary sys_normal_disable: '0' enabled, '1' disabled.
    status: account.status === 'enabled' ? '0' : '1',
    bound_at: account.boundAt.toISOString(),
  }));
}

/** The desktop, which must be running (409 DESKTOP_NOT_RUNNING). */
async function runningDesktop(db: Db, userId: number, desktopId: string): Promise<ResourceRow> {
  const row = await desktopOfUser(db, userId, desktopId);
  if (!desktopActionAllowed(row, 'connect')) throw new AppError('conflict', ErrorCode.DESKTOP_NOT_RUNNING);
  return row;
}

/**
 * POST /user/wy_auth/get_login_token: a ticket from the cloud for a running desktop, and the
 * simulated client's page that opens it (in `language`). Nothing of the ticket is stored here.
 */
export async function loginToken(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  language: Language,
): Promise<LoginToken> {
  const row = await runningDesktop(deps.database.db, userId, desktopId);
  // Not retried: each call issues a new ticket (and session), it carries no client token.
  let ticket;
  try {
    ticket = await deps.cloud.connectionTicket(row.instanceId!);
  } catch (error) {
    if (isCloudError(error, 'invalid_state')) throw new AppError('conflict', ErrorCode.DESKTOP_NOT_RUNNING);
    throw cloudErrorToAppError(error);
  }
  return {
    desktop_id: row.resourceId,
    ticket: ticket.ticket,
    expire_time: ticket.expiresAt.toISOString(),
    connect_url: connectUrl(ticket.ticket, language),
  };
}

/** GET /config/EXE_URL: the desktop client's download page (operator setting, public). */
export async function exeUrl(db: Db): Promise<string> {
  const config = await findPublicConfig(db, EXE_URL_KEY);
  if (!config) throw new AppError('not_found', ErrorCode.CONFIG_NOT_FOUND, { key: EXE_URL_KEY });
  return config.value;
}

// ---------------------------------------------------------------------------------------------
// Monitoring

/** A desktop the cloud has made (metrics exist only then): else 409 RESOURCE_NOT_READY. */
async function madeDesktop(
  db: Db,
  userId: number,
  desktopId: string,
): Promise<ResourceRow & { instanceId: string }> {
  const row = await desktopOfUser(db, userId, desktopId);
  if (row.instanceId === null) throw new AppError('conflict', ErrorCode.RESOURCE_NOT_READY);
  return row as ResourceRow & { instanceId: string };
}

/**
 * GET /user/desktop/{desktop_id}/network_flow: its traffic over the range; a pay-as-you-go
 * desktop's outbound traffic is billed hourly, so it also gets what the range's traffic costs.
 */
export async function desktopNetworkFlow(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  query: MetricRangeFilter,
): Promise<NetworkFlow> {
  const row = await madeDesktop(deps.database.db, userId, desktopId);
  const range = resolveMetricRange(query, deps.clock.now());
  const flow = await fromCloud(() => readNetworkFlow(deps.cloud, 'desktop', row.instanceId, range));
  if (row.billingMethod !== 'payg') return { ...flow, traffic_price: null };
  const rate = (await trafficRates(deps.database.db, [row.regionId])).get(row.regionId)!;
  return { ...flow, traffic_price: trafficPrice(rate, flow.total_out_bytes) };
}

/** GET /user/desktop/{desktop_id}/real_time_data. */
export async function desktopRealTimeData(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
  query: MetricRangeFilter,
): Promise<RealTimeData> {
  const row = await madeDesktop(deps.database.db, userId, desktopId);
  const range = resolveMetricRange(query, deps.clock.now());
  return fromCloud(() => readRealTimeData(deps.cloud, row.instanceId, range));
}

/** GET /user/desktop/{id}/process: what runs in it now (running only: 409 DESKTOP_NOT_RUNNING). */
export async function desktopProcesses(
  deps: ActionDeps,
  userId: number,
  desktopId: string,
): Promise<DesktopProcess[]> {
  const row = await runningDesktop(deps.database.db, userId, desktopId);
  const processes = await fromCloud(() => deps.cloud.processes(row.instanceId!), true);
  return processes.map((process) => ({
    pid: process.pid,
    name: process.name,
    user: process.user,
    cpu_percent: process.cpuPercent,
    memory_mib: process.memoryMiB,
  }));
}
