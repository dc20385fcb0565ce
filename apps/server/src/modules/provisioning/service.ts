/**
 * Purchases (issue 6, spec §3 Order): one database transaction quotes with the catalogue (the
 * same function the price endpoint uses), places the order and its charge, inserts the resources
 * and enqueues their creation (outbox), so a purchase is either entirely there or not at all.
 * The same Idempotency-Key answers the same order and resources, charging and enqueuing nothing.
 */
import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  OFFICE_BANDWIDTH_MIN_MBPS,
  type DesktopPurchase,
  type PhonePurchase,
} from '@cloudbay/contracts';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { desktopImages } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/transaction';
import type { JobSender } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import type { Quote } from '../catalog/pricing';
import { findBundles, findPhoneImage } from '../catalog/repo';
import { quoteDesktopPurchase, quotePhoneSpecPurchase } from '../catalog/service';
import { trafficRateOf } from '../billing/rates';
import { placeOrder, setResourceStatus, type OrderRow } from '../orders/service';
import { resolvePhoneGroup } from '../phones/groups';
import { ensureDefaultPolicy } from '../policies/repo';
import { walletBalance } from '../wallet/service';
import {
  findFreeOfficeSite,
  findResourceOfUser,
  findResourcesOfOrder,
  insertResources,
  TRIAL_SPEC_KEY,
  type NewResource,
  type ResourceRow,
} from './repo';
import { cloudKindOf, type ResourceKind } from './actions';

/** The job that creates one resource upstream (jobs.ts handles it). */
export const CREATE_JOB = 'provision.create';

export interface CreateJobData {
  /** `resources.id`. */
  id: number;
  /** How many times the job has waited for something the create needs (a network). */
  wait?: number;
}

/** The core, and a queue to enqueue the creation jobs into. */
export type PurchaseDeps = CoreDeps & { jobs: JobSender };

export interface Purchase {
  order: OrderRow;
  resources: ResourceRow[];
  /** The office network the desktops join. */
  officeSite: ResourceRow;
  /** The key had bought this before: nothing was charged or enqueued now. */
  replayed: boolean;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ID_PREFIX: Record<string, string> = {
  desktop: 'dt-',
  office_site: 'os-',
  policy: 'pl-',
  phone: 'ph-',
  key_pair: 'kp-',
  proxy: 'rp-',
  eip: 'eip-',
  phone_network: 'un-',
  backup_space: 'bs-',
};

/** A public id: the kind's prefix and 16 random letters or digits. */
export function newResourceId(kind: string): string {
  const body = [...randomBytes(16)].map((byte) => ID_ALPHABET[byte % 36]).join('');
  return `${ID_PREFIX[kind] ?? 'rs-'}${body}`;
}

/** The create call's client token: the order and the resource's place in it, stable across retries. */
export const createToken = (orderNo: string, index: number) => `create:${orderNo}:${index}`;

/** `at` moved by whole calendar months (UTC), the end day clamped as clouds do (Jan 31 + 1 → Feb 28). */
export function addMonths(at: Date, months: number): Date {
  const result = new Date(at.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** A system image, or one of the caller's own, usable in the region; else 404. */
async function usableImage(db: Db, userId: number, imageId: string, regionId: number) {
  const [image] = await db.select().from(desktopImages).where(eq(desktopImages.imageId, imageId));
  const usable =
    image !== undefined &&
    image.status === 'available' &&
    image.enabled &&
    (image.ownerUserId === null || image.ownerUserId === userId) &&
    (image.regionId === null || image.regionId === regionId);
  if (!usable) throw new AppError('not_found', ErrorCode.IMAGE_NOT_FOUND);
  return image;
}

/** Pay-as-you-go charges nothing now but needs one hour of every resource in the wallet. */
async function assertMinBalance(db: Db, userId: number, minBalanceMicros: bigint): Promise<void> {
  if ((await walletBalance(db, userId)) < minBalanceMicros) {
    throw new AppError('business_rule', ErrorCode.INSUFFICIENT_BALANCE);
  }
}

/** Office network statuses no desktop may join: on their way out. */
const OFFICE_SITE_LEAVING_STATUSES: readonly string[] = ['releasing', 'released'];

/**
 * The office network the desktops join: the caller's chosen one (live, in the region, not being
 * released: 409 OFFICE_SITE_RELEASING), or the free network of the region, bought at price 0 on
 * the first desktop purchase there.
 *
 * The chosen network's row is share-locked until the purchase commits: a release locks it for
 * update before counting the desktops on it (office-sites/service.ts `releaseOfficeSite`), so the
 * two serialise. A purchase that goes first is counted by the release (422 OFFICE_SITE_IN_USE);
 * one that waits for a release reads the network as releasing and is refused.
 */
async function officeSiteFor(
  tx: Tx,
  deps: PurchaseDeps,
  input: { userId: number; regionId: number; officeSiteId?: string; idempotencyKey: string },
): Promise<ResourceRow> {
  if (input.officeSiteId !== undefined) {
    const site = await findResourceOfUser(tx.db, input.userId, 'office_site', input.officeSiteId, {
      lock: 'share',
    });
    const usable =
      site !== undefined &&
      site.regionId === input.regionId &&
      ['not_created', 'creating', 'created'].includes(site.resourceStatus);
    if (!usable) throw new AppError('not_found', ErrorCode.OFFICE_SITE_NOT_FOUND);
    if (OFFICE_SITE_LEAVING_STATUSES.includes(site.status)) {
      throw new AppError('conflict', ErrorCode.OFFICE_SITE_RELEASING);
    }
    return site;
  }
  const existing = await findFreeOfficeSite(tx.db, input.userId, input.regionId);
  if (existing) return existing;
  return buyFreeOfficeSite(tx, deps, input);
}

/** The stored name of a free network; answered in the reader's language until the customer renames it. */
export const FREE_OFFICE_SITE_NAME = 'Free network';

/** The region's free office network: a gift order of price 0 and its resource, created like any other. */
async function buyFreeOfficeSite(
  tx: Tx,
  deps: PurchaseDeps,
  input: { userId: number; regionId: number; idempotencyKey: string },
): Promise<ResourceRow> {
  // The free network's line is shared (5 Mbps peak per desktop, spec §9); upstream it is the
  // smallest network package, which is what the cloud is asked for.
  const spec = {
    name: FREE_OFFICE_SITE_NAME,
    bandwidthMbps: OFFICE_BANDWIDTH_MIN_MBPS,
    free: true,
    chargeType: 'payg',
  };
  const { order, replayed } = await placeOrder(tx, {
    userId: input.userId,
    idempotencyKey: `${input.idempotencyKey}:free-office-site`,
    paidAt: deps.clock.now(),
    productType: 'office_site',
    regionId: input.regionId,
    billingMethod: 'payg',
    originalAmountMicros: 0n,
    paidAmountMicros: 0n,
    spec,
  });
  if (replayed) return (await findResourcesOfOrder(tx.db, order.id))[0]!;
  const [site] = await createResources(tx, deps, order, [
    {
      kind: 'office_site',
      name: spec.name,
      spec,
      billingMethod: 'payg',
      gift: true,
    },
  ]);
  return site!;
}

/** Kinds whose run statuses do not include the table's default `pending`. */
const FIRST_STATUSES: Partial<Record<string, string>> = {
  phone: 'creating',
  proxy: 'creating',
  eip: 'creating',
  phone_network: 'creating',
};

export type ResourceDraft = Pick<NewResource, 'kind' | 'name' | 'spec' | 'billingMethod'> &
  Partial<Pick<NewResource, 'autoRenew' | 'gift' | 'expiresAt' | 'hourlyPriceMicros' | 'trafficRateMicros'>>;

/**
 * Inserts an order's resources (not created yet), names them on the order, enqueues their creation.
 * A kind with nothing upstream (backup space) exists as soon as it is paid: created, no job.
 */
export async function createResources(
  tx: Tx,
  deps: PurchaseDeps,
  order: OrderRow,
  drafts: ResourceDraft[],
): Promise<ResourceRow[]> {
  if (drafts.every((draft) => cloudKindOf(draft.kind) === null))
    return createLocalResources(tx, deps, order, drafts);
  const rows = await insertResources(
    tx.db,
    drafts.map((draft, index) => ({
      ...draft,
      resourceId: newResourceId(draft.kind),
      userId: order.userId,
      regionId: order.regionId,
      orderId: order.id,
      clientToken: createToken(order.no, index),
      // The kind's first status until the cloud answers (a phone is `creating` from the start).
      ...(FIRST_STATUSES[draft.kind] ? { status: FIRST_STATUSES[draft.kind] } : {}),
      // The engine's time (hourly billing compares it with the hours it bills), not the database's.
      createdAt: deps.clock.now(),
    })),
  );
  await setResourceStatus(tx, order.id, 'not_created', { resourceIds: rows.map((row) => row.resourceId) });
  for (const row of rows) await deps.jobs.enqueue<CreateJobData>(tx, CREATE_JOB, { id: row.id });
  return rows;
}

async function createLocalResources(
  tx: Tx,
  deps: PurchaseDeps,
  order: OrderRow,
  drafts: ResourceDraft[],
): Promise<ResourceRow[]> {
  const rows = await insertResources(
    tx.db,
    drafts.map((draft, index) => ({
      ...draft,
      resourceId: newResourceId(draft.kind),
      userId: order.userId,
      regionId: order.regionId,
      orderId: order.id,
      clientToken: createToken(order.no, index),
      status: 'available',
      resourceStatus: 'created',
      createdAt: deps.clock.now(),
    })),
  );
  await setResourceStatus(tx, order.id, 'created', { resourceIds: rows.map((row) => row.resourceId) });
  return rows;
}

const numbered = (name: string, quantity: number, index: number) =>
  quantity === 1 ? name : `${name}-${index + 1}`;

/** What a purchase of `quantity` resources of one kind buys, quoted by the catalogue. */
export interface PurchasePlan {
  kind: ResourceKind;
  userId: number;
  idempotencyKey: string;
  /** What the customer asked for; the name is numbered name-1, name-2… when several are bought. */
  request: { region_id: number | null; quantity: number; name: string; auto_renew: boolean };
  quote: Quote;
  /** What the cloud's create takes (the name is set per resource). */
  spec: Record<string, unknown>;
}

/**
 * The part of every purchase after the quote, in the caller's transaction: the order and its charge
 * (`placeOrder`; pay-as-you-go charges 0 but needs one hour × quantity of balance, else 422
 * INSUFFICIENT_BALANCE), then `quantity` resources and their creation jobs. Under a key used
 * before: the first order and its resources, nothing charged or enqueued.
 */
export async function buyResources(
  tx: Tx,
  deps: PurchaseDeps,
  plan: PurchasePlan,
): Promise<{ order: OrderRow; resources: ResourceRow[]; replayed: boolean }> {
  const { quote, request } = plan;
  const subscription = quote.billingMethod === 'subscription';
  const { order, replayed } = await placeOrder(tx, {
    userId: plan.userId,
    idempotencyKey: plan.idempotencyKey,
    paidAt: deps.clock.now(),
    productType: plan.kind,
    quantity: request.quantity,
    regionId: request.region_id,
    billingMethod: quote.billingMethod,
    period: quote.months,
    originalAmountMicros: quote.originalMicros,
    paidAmountMicros: quote.payableMicros,
    spec: plan.spec,
  });
  if (replayed) return { order, resources: await findResourcesOfOrder(tx.db, order.id), replayed };
  if (!subscription) await assertMinBalance(tx.db, plan.userId, quote.minBalanceMicros);
  const expiresAt = subscription ? addMonths(deps.clock.now(), quote.months!) : null;
  const trafficRateMicros = await trafficRateOf(tx.db, request.region_id);
  const drafts = Array.from({ length: request.quantity }, (_, index): ResourceDraft => {
    const name = numbered(request.name, request.quantity, index);
    return {
      kind: plan.kind,
      name,
      spec: { ...plan.spec, name },
      billingMethod: quote.billingMethod,
      autoRenew: subscription && request.auto_renew,
      expiresAt,
      hourlyPriceMicros: subscription ? 0n : quote.hourlyMicros,
      trafficRateMicros,
    };
  });
  return { order, resources: await createResources(tx, deps, order, drafts), replayed: false };
}

/**
 * Buys desktops: quote (`quoteDesktopPurchase`, as GET /describe_price) → `buyResources` (order,
 * charge, `quantity` resources not created yet, one `provision.create` job each), all in one
 * transaction. The free office network of the region is bought with it when
 * the customer names none and has none. Under a key used before: the first purchase, replayed.
 */
export async function purchaseDesktops(
  deps: PurchaseDeps,
  userId: number,
  request: DesktopPurchase,
  idempotencyKey: string,
): Promise<Purchase> {
  return inTransaction(deps.database.pool, async (tx) => {
    const { quote, desktopType, systemDiskGib, bundle } = await quoteDesktopPurchase(tx.db, {
      regionId: request.region_id,
      bundleId: request.bundle_id,
      systemDiskGib: request.system_disk,
      billingMethod: request.billing_method,
      period: request.period,
      quantity: request.quantity,
    });
    await usableImage(tx.db, userId, request.image_id, request.region_id);
    const officeSite = await officeSiteFor(tx, deps, {
      userId,
      regionId: request.region_id,
      officeSiteId: request.office_site_id,
      idempotencyKey,
    });
    const subscription = quote.billingMethod === 'subscription';
    // New desktops get the customer's default policy (made on this first use if need be).
    const policy = await ensureDefaultPolicy(tx.db, userId);
    const spec = {
      name: request.name,
      officeSiteId: officeSite.resourceId,
      policyId: policy.policyId,
      bundleId: bundle!.bundle.bundleId,
      imageId: request.image_id,
      desktopType: desktopType.typeId,
      cpu: desktopType.cpu,
      memoryGiB: desktopType.memoryGib,
      systemDiskGiB: systemDiskGib,
      chargeType: quote.billingMethod,
      ...(subscription ? { periodMonths: quote.months! } : {}),
    };
    const bought = await buyResources(tx, deps, {
      kind: 'desktop',
      userId,
      idempotencyKey,
      request,
      quote,
      spec,
    });
    return { ...bought, officeSite };
  });
}

/**
 * The catalogue's smallest desktop bundle on sale (fewest vCPUs, then least memory, then the lowest
 * upstream cost) with a default image: what a free trial gives. Undefined when none is on sale.
 */
async function smallestBundle(db: Db) {
  const rows = (await findBundles(db, {})).filter((row) => row.bundle.defaultImageId !== null);
  rows.sort(
    (a, b) =>
      a.type.cpu - b.type.cpu ||
      a.type.memoryGib - b.type.memoryGib ||
      Number(a.type.monthlyCostMicros - b.type.monthlyCostMicros),
  );
  return rows[0];
}

/**
 * A free trial desktop (issue 22, part G2), in the caller's transaction: the smallest bundle on
 * sale in `regionId` as a gift order of price 0 through `placeOrder` (no money moves; the key makes
 * a retried approval answer the same order), one gift resource in the region's free office
 * network and its creation job. Its `expires_at` is `trialHours` from now until it first runs, when
 * the engine sets it `trialHours` from then (jobs.ts `completeCreation`); the sweep then stops and deletes
 * it at the end. A gift is never renewed (`RENEWAL_GIFT_REFUSED`) nor auto-renewed.
 */
export async function giveTrialDesktop(
  tx: Tx,
  deps: PurchaseDeps,
  input: { userId: number; regionId: number; idempotencyKey: string; name: string; trialHours: number },
): Promise<{ order: OrderRow; desktop: ResourceRow; replayed: boolean }> {
  const bundle = await smallestBundle(tx.db);
  if (!bundle) throw new AppError('conflict', ErrorCode.TRIAL_NO_BUNDLE);
  // Quoted only to resolve the bundle's type and disk (and refuse a region off sale): a gift costs 0.
  const { desktopType, systemDiskGib } = await quoteDesktopPurchase(tx.db, {
    regionId: input.regionId,
    bundleId: bundle.bundle.bundleId,
    billingMethod: 'payg',
    quantity: 1,
  });
  const officeSite = await officeSiteFor(tx, deps, {
    userId: input.userId,
    regionId: input.regionId,
    idempotencyKey: input.idempotencyKey,
  });
  const policy = await ensureDefaultPolicy(tx.db, input.userId);
  const spec = {
    name: input.name,
    officeSiteId: officeSite.resourceId,
    policyId: policy.policyId,
    bundleId: bundle.bundle.bundleId,
    imageId: bundle.bundle.defaultImageId!,
    desktopType: desktopType.typeId,
    cpu: desktopType.cpu,
    memoryGiB: desktopType.memoryGib,
    systemDiskGiB: systemDiskGib,
    // Upstream a day is pay-as-you-go; here it is a gift with an end (billingMethod below).
    chargeType: 'payg',
    [TRIAL_SPEC_KEY]: input.trialHours,
  };
  const { order, replayed } = await placeOrder(tx, {
    userId: input.userId,
    idempotencyKey: input.idempotencyKey,
    paidAt: deps.clock.now(),
    productType: 'desktop',
    regionId: input.regionId,
    billingMethod: 'subscription',
    originalAmountMicros: 0n,
    paidAmountMicros: 0n,
    spec,
  });
  if (replayed) return { order, desktop: (await findResourcesOfOrder(tx.db, order.id))[0]!, replayed };
  const [desktop] = await createResources(tx, deps, order, [
    {
      kind: 'desktop',
      name: input.name,
      spec,
      // A subscription to the engine: hourly billing leaves it alone and the sweep ends it.
      billingMethod: 'subscription',
      gift: true,
      autoRenew: false,
      // A subscription has an end; the engine moves it to `trialHours` after the desktop first runs.
      expiresAt: new Date(deps.clock.now().getTime() + input.trialHours * 3_600_000),
      hourlyPriceMicros: 0n,
      trafficRateMicros: await trafficRateOf(tx.db, input.regionId),
    },
  ]);
  return { order, desktop: desktop!, replayed: false };
}

/** An enabled Android image of the catalogue; else 404 IMAGE_NOT_FOUND. */
async function phoneImage(db: Db, imageId: string) {
  const image = await findPhoneImage(db, imageId);
  if (!image) throw new AppError('not_found', ErrorCode.IMAGE_NOT_FOUND);
  return image;
}

/**
 * Buys cloud phones: quote (`quotePhonePurchase`'s, as GET /ph/ph_price) → `buyResources` (order,
 * charge, `quantity` phones not created yet, one `provision.create` job each), in one transaction.
 * The spec is what the cloud's create takes (eds-aic CreateAndroidInstanceGroup).
 */
export async function purchasePhones(
  deps: PurchaseDeps,
  userId: number,
  request: PhonePurchase,
  idempotencyKey: string,
): Promise<{ order: OrderRow; resources: ResourceRow[]; replayed: boolean }> {
  return inTransaction(deps.database.pool, async (tx) => {
    const { quote, spec } = await quotePhoneSpecPurchase(tx.db, {
      regionId: request.region_id,
      specId: request.spec_id,
      billingMethod: request.billing_method,
      period: request.period,
      quantity: request.quantity,
    });
    await phoneImage(tx.db, request.image_id);
    const groupId = await resolvePhoneGroup(tx.db, userId, request.group_id);
    return buyResources(tx, deps, {
      kind: 'phone',
      userId,
      idempotencyKey,
      request,
      quote,
      spec: {
        name: request.name,
        specId: spec.specId,
        imageId: request.image_id,
        cpu: spec.cpu,
        memoryGiB: spec.memoryGib,
        diskGiB: spec.diskGib,
        resolution: spec.resolution,
        ...(groupId === null ? {} : { groupId }),
        chargeType: quote.billingMethod,
        ...(quote.billingMethod === 'subscription' ? { periodMonths: quote.months! } : {}),
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The customer's desktops (their routes: modules/desktops)

/** One of the caller's desktops; another customer's (or a deleted one) answers 404. */
export async function desktopOfUser(db: Db, userId: number, desktopId: string): Promise<ResourceRow> {
  const row = await findResourceOfUser(db, userId, 'desktop', desktopId);
  if (!row) throw new AppError('not_found', ErrorCode.DESKTOP_NOT_FOUND);
  return row;
}
