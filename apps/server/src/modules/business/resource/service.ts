/**
 * The operators' resources (issue 18, `/business/resource`). Every action goes through the
 * provisioning engine (`recordAction` / `sendPendingCall`: the kind's state machine decides, the
 * cloud is called with the action's token), money through `placeOrder` / `refundOrderPart`, and
 * each action is recorded with the operator's reason in `resource_operator_actions` in the same
 * transaction as its effect. Only customers inside the operator's data scope are reached (404
 * outside, as for a missing id).
 */
import {
  ErrorCode,
  type BusinessResource,
  type BusinessResourceDetail,
  type BusinessResourceFilter,
  type Language,
  type OperatorResourceAction,
  type OrderProductType,
  type ResourceActionAnswer,
  type ResourceExtendBody,
  type ResourcePowerBody,
  type ResourceReconcileAnswer,
  type ResourceRefundPreview,
  type ResourceReleaseBody,
  type BillingMethod,
  type ResourceStatus,
  type ResourceHistoryAction,
} from '@cloudbay/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { resources } from '../../../db/schema';
import { inTransaction, type Tx } from '../../../db/transaction';
import { formatCsvTime } from '../../../lib/csv';
import { AppError } from '../../../lib/errors';
import { formatDollars } from '../../../lib/money';
import { sheetFor, type SheetRequest } from '../../../lib/sheet-export';
import { dictLabels } from '../../dict/service';
import { recordDeletion, sendDeletionCalls } from '../../network/deletion';
import { notify } from '../../notices/service';
import { noticeUtc } from '../../notices/templates';
import { lockOrder } from '../../orders/repo';
import { placeOrder, refundOrderPart, setResourceStatus, toOrder } from '../../orders/service';
import {
  cloudKindOf,
  isActionAllowed,
  recordAction,
  refreshStatuses,
  sendPendingCall,
  type ActionDeps,
} from '../../provisioning/actions';
import { shareOf } from '../../provisioning/jobs';
import {
  countLiveDesktopsBy,
  findResource,
  findResourcesOfOrder,
  lockResource,
  type ResourceRow,
} from '../../provisioning/repo';
import { customerScope, inScopeOr404 } from '../scope';
import { allocate, refundTotal, sumMicros, type PaidPart } from './refund';
import {
  countResources,
  findOrdersOfResource,
  findResourceBatch,
  findResourceActions,
  findResources,
  findScopedResource,
  insertResourceAction,
  type ResourceCriteria,
  type ResourceListRow,
} from './repo';
import { offsetOf, pageOf } from '../../../lib/paging';

const DAY_MS = 86_400_000;

const notFound = () => new AppError('not_found', ErrorCode.RESOURCE_NOT_FOUND);

/** The operator's data scope as a condition on `users` (the resource's owner). */
const scopeOf = (db: Db, operatorId: number) => customerScope(db, operatorId);

const isLiveSubscription = (row: ResourceRow) =>
  row.resourceStatus === 'created' &&
  row.deletedAt === null &&
  row.billingMethod === 'subscription' &&
  row.expiresAt !== null;

/** What the engine lets an operator do to the resource now (the buttons the page shows). */
export function operatorActionsOf(row: ResourceRow): OperatorResourceAction[] {
  const actions: OperatorResourceAction[] = [];
  if (isActionAllowed(row, 'start')) actions.push('start');
  if (isActionAllowed(row, 'stop')) {
    actions.push('stop');
    // Only phones can have their power cut (spec §4 phone operations: stop takes `force`).
    if (row.kind === 'phone') actions.push('force_stop');
  }
  if (isActionAllowed(row, 'delete')) actions.push('release');
  if (isLiveSubscription(row)) actions.push('extend');
  if (row.instanceId !== null && cloudKindOf(row.kind) !== null && row.deletedAt === null) {
    actions.push('reconcile');
  }
  return actions;
}

function toBusinessResource(row: ResourceListRow, language: Language): BusinessResource {
  const r = row.resource;
  return {
    id: r.id,
    resource_id: r.resourceId,
    kind: r.kind as OrderProductType,
    name: r.name,
    instance_id: r.instanceId,
    user_id: r.userId,
    email: row.email,
    status: r.status,
    resource_status: r.resourceStatus as ResourceStatus,
    region_id: r.regionId,
    region_name: (language === 'en-US' ? row.regionEn : row.regionZh) ?? null,
    billing_method: r.billingMethod as BillingMethod,
    auto_renew: r.autoRenew,
    gift: r.gift,
    expires_at: r.expiresAt?.toISOString() ?? null,
    stop_reason: r.stopReason,
    created_at: r.createdAt.toISOString(),
    deleted_at: r.deletedAt?.toISOString() ?? null,
    actions: operatorActionsOf(r),
  };
}

function criteriaOf(scope: SQL, filter: BusinessResourceFilter, now: Date): ResourceCriteria {
  const days = filter.expiring_days;
  const within = days === undefined ? undefined : new Date(now.getTime() + days * DAY_MS);
  const explicitTo = filter.expire_to === undefined ? undefined : new Date(filter.expire_to);
  const expireTo =
    within && explicitTo ? (within < explicitTo ? within : explicitTo) : (within ?? explicitTo);
  const expireFrom = filter.expire_from === undefined ? undefined : new Date(filter.expire_from);
  return {
    scope,
    kind: filter.kind,
    keyword: filter.keyword,
    email: filter.email,
    status: filter.status,
    regionId: filter.region_id,
    billingMethod: filter.billing_method,
    expireFrom,
    expireTo,
    liveSubscriptions: expireFrom !== undefined || expireTo !== undefined,
    includeDeleted: filter.include_deleted === '1',
  };
}

/** GET /business/resource: a page of every in-scope customer's resources, newest first. */
export async function pageBusinessResources(
  deps: ActionDeps,
  operatorId: number,
  query: BusinessResourceFilter & { page: number; limit: number },
  language: Language,
) {
  const { db } = deps.database;
  const criteria = criteriaOf(await scopeOf(db, operatorId), query, deps.clock.now());
  const [rows, total] = await Promise.all([
    findResources(db, criteria, { offset: offsetOf(query), limit: query.limit }),
    countResources(db, criteria),
  ]);
  return pageOf(
    rows.map((row) => toBusinessResource(row, language)),
    total,
    query,
  );
}

function scopedRow(db: Db, operatorId: number, id: number): Promise<ResourceListRow> {
  return inScopeOr404(db, operatorId, ErrorCode.RESOURCE_NOT_FOUND, (scope) =>
    findScopedResource(db, scope, id),
  );
}

const EXPORT_TITLES: Record<Language, string[]> = {
  'zh-CN': [
    '资源编号',
    '名称',
    '类型',
    '客户邮箱',
    '实例编号',
    '运行状态',
    '地域',
    '计费方式',
    '自动续费',
    '到期时间',
    '创建时间',
    '释放时间',
  ],
  'en-US': [
    'Resource id',
    'Name',
    'Type',
    'Customer e-mail',
    'Instance id',
    'Status',
    'Region',
    'Billing',
    'Auto-renew',
    'Expires',
    'Created',
    'Released',
  ],
};

/** The kinds whose run status has a dictionary (the page's status tags use the same ones). */
const STATUS_DICTS: Partial<Record<string, string>> = {
  desktop: 'desktop_status',
  office_site: 'office_site_status',
  eip: 'eip_status',
};

/**
 * POST /business/resource/export: the filtered list (the page's filters, the operator's data
 * scope) as XLSX or CSV, newest first, labels in the reader's language.
 */
export async function exportBusinessResources(
  deps: ActionDeps,
  operatorId: number,
  filter: BusinessResourceFilter,
  request: SheetRequest,
) {
  const { db } = deps.database;
  const { language, timeZone } = request;
  const criteria = criteriaOf(await scopeOf(db, operatorId), filter, request.now);
  const [kindLabel, billingLabel, yesNo, ...statusLabels] = await Promise.all([
    dictLabels(db, 'order_product_type', language),
    dictLabels(db, 'billing_method', language),
    dictLabels(db, 'sys_yes_no', language),
    ...Object.values(STATUS_DICTS).map((type) => dictLabels(db, type!, language)),
  ]);
  const statusLabel = new Map(Object.keys(STATUS_DICTS).map((kind, i) => [kind, statusLabels[i]!]));
  return sheetFor(request, {
    subject: 'resources',
    titles: EXPORT_TITLES,
    readBatch: (belowId, limit) => findResourceBatch(db, criteria, belowId, limit),
    cells: (row) => {
      const r = row.resource;
      return [
        r.resourceId,
        r.name,
        kindLabel(r.kind),
        row.email,
        r.instanceId ?? '',
        statusLabel.get(r.kind)?.(r.status) ?? r.status,
        (language === 'en-US' ? row.regionEn : row.regionZh) ?? '',
        billingLabel(r.billingMethod),
        yesNo(r.autoRenew ? 'Y' : 'N'),
        formatCsvTime(r.expiresAt, timeZone),
        formatCsvTime(r.createdAt, timeZone),
        formatCsvTime(r.deletedAt, timeZone),
      ];
    },
  });
}

/** GET /business/resource/{id}: the resource with its spec, orders and operator history. */
export async function getBusinessResource(
  deps: ActionDeps,
  operatorId: number,
  id: number,
  language: Language,
): Promise<BusinessResourceDetail> {
  const { db } = deps.database;
  const row = await scopedRow(db, operatorId, id);
  const [orderRows, history] = await Promise.all([
    findOrdersOfResource(db, row.resource),
    findResourceActions(db, id),
  ]);
  return {
    ...toBusinessResource(row, language),
    spec: row.resource.spec,
    failure: row.resource.failure,
    hourly_price: formatDollars(row.resource.hourlyPriceMicros),
    orders: orderRows.map(toOrder).reverse(),
    history: history.map((entry) => ({
      id: entry.id,
      action: entry.action as ResourceHistoryAction,
      reason: entry.reason,
      operator_email: entry.operatorEmail,
      detail: entry.detail,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}

/** The resource as an answer, read again after the action. */
async function answerOf(db: Db, operatorId: number, id: number, language: Language) {
  return toBusinessResource(await scopedRow(db, operatorId, id), language);
}

interface ActionContext {
  deps: ActionDeps;
  operatorId: number;
  id: number;
  language: Language;
}

const record = (tx: Tx, ctx: ActionContext, action: OperatorResourceAction, reason: string, detail = {}) =>
  insertResourceAction(tx.db, { resourceId: ctx.id, operatorId: ctx.operatorId, action, reason, detail });

/**
 * POST /business/resource/{id}/action: start, stop or force stop (phones) through the kind's state
 * machine (409 RESOURCE_ACTION_FORBIDDEN when its status does not allow it), recorded with the
 * reason in the same transaction, then sent to the cloud.
 */
export async function powerAction(
  ctx: ActionContext,
  body: ResourcePowerBody,
): Promise<ResourceActionAnswer> {
  const { deps } = ctx;
  const before = await scopedRow(deps.database.db, ctx.operatorId, ctx.id);
  if (body.action === 'force_stop' && before.resource.kind !== 'phone') {
    throw new AppError('conflict', ErrorCode.RESOURCE_ACTION_FORBIDDEN);
  }
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const row = await recordAction(tx, deps, { id: ctx.id }, body.action === 'start' ? 'start' : 'stop', {
      ...(body.action === 'force_stop' ? { params: { force: true } } : {}),
    });
    await record(tx, ctx, body.action, body.reason, { from: before.resource.status });
    return row;
  });
  await sendPendingCall(deps, recorded);
  return { resource: await answerOf(deps.database.db, ctx.operatorId, ctx.id, ctx.language) };
}

/**
 * What each order paid for this resource and still holds: the purchase's share (shares of a
 * several-resource purchase add up to what it charged), and each renewal or change naming it.
 * Gifts were never charged and hold nothing.
 */
async function paidParts(db: Db, row: ResourceRow): Promise<PaidPart[]> {
  const parts: PaidPart[] = [];
  for (const order of await findOrdersOfResource(db, row)) {
    if (order.chargeTransactionId === null) continue;
    let share: bigint;
    if (order.id === row.orderId) {
      const siblings = await findResourcesOfOrder(db, order.id);
      share = shareOf(
        order.paidAmountMicros,
        siblings.length,
        Math.max(
          0,
          siblings.findIndex((s) => s.id === row.id),
        ),
      );
    } else {
      const named = order.resourceIds;
      share = shareOf(
        order.paidAmountMicros,
        Math.max(1, named.length),
        Math.max(0, named.indexOf(row.resourceId)),
      );
    }
    const unrefunded = order.paidAmountMicros - order.refundedAmountMicros;
    parts.push({ orderId: order.id, refundableMicros: share < unrefunded ? share : unrefunded });
  }
  return parts;
}

const termOf = (row: ResourceRow, now: Date) => ({
  billingMethod: row.billingMethod,
  startsAt: row.createdAt,
  expiresAt: row.expiresAt,
  now,
});

/** GET /business/resource/{id}/refund_preview: each rule's refund as of now. */
export async function refundPreview(
  deps: ActionDeps,
  operatorId: number,
  id: number,
): Promise<ResourceRefundPreview> {
  const { db } = deps.database;
  const { resource } = await scopedRow(db, operatorId, id);
  const parts = await paidParts(db, resource);
  const term = termOf(resource, deps.clock.now());
  return {
    none: formatDollars(0n),
    prorated: formatDollars(refundTotal('prorated', parts, term)),
    full: formatDollars(refundTotal('full', parts, term)),
    paid: formatDollars(sumMicros(parts)),
  };
}

/** The resource as a customer notice names it. */
const noticeSubject = (row: ResourceRow) => ({ kind: row.kind, name: row.name, resourceId: row.resourceId });

/** The ledger key of an operator's release refund out of one order. */
export const releaseRefundKey = (no: string, resourceId: string) => `release-refund:${no}:${resourceId}`;

/**
 * POST /business/resource/{id}/release: releases (deletes upstream) through the engine's `delete`
 * rule and refunds by the chosen rule, both in one transaction with the history entry; the cloud
 * is called after the commit. A second release (a double click, another key) finds the resource
 * busy or gone (409/404), and each order's refund has its own ledger key, so money moves once.
 * An office network live desktops use is refused (422 OFFICE_SITE_IN_USE); what goes with a
 * deletion (a phone's address and proxy, a proxy's phones, a network's addresses) goes in the same
 * transaction, as at expiry (network/deletion.ts).
 */
export async function releaseResource(
  ctx: ActionContext,
  body: ResourceReleaseBody,
): Promise<ResourceActionAnswer> {
  const { deps } = ctx;
  await scopedRow(deps.database.db, ctx.operatorId, ctx.id);
  let refunded = 0n;
  const recorded = await inTransaction(deps.database.pool, async (tx) => {
    const row = await lockResource(tx.db, ctx.id);
    if (!row) throw notFound();
    if (row.kind === 'office_site' && row.deletedAt === null) {
      const users = await countLiveDesktopsBy(tx.db, row.userId, 'officeSiteId', [row.resourceId]);
      const count = users.get(row.resourceId) ?? 0;
      if (count > 0) throw new AppError('business_rule', ErrorCode.OFFICE_SITE_IN_USE, { count });
    }
    // With what goes with it: a phone's address and proxy, a proxy's phones, a network's addresses.
    const released = await recordDeletion(tx, deps, row, 'operator');
    const parts = await paidParts(tx.db, row);
    const plan = allocate(refundTotal(body.refund, parts, termOf(row, deps.clock.now())), parts);
    for (const { orderId, amountMicros } of plan) {
      const order = await lockOrder(tx.db, orderId);
      if (!order) continue;
      const after = await refundOrderPart(tx, orderId, {
        resourceId: row.resourceId,
        amountMicros,
        failure: 'released by an operator',
        allFailed: false,
        memo: 'release_refund',
        key: releaseRefundKey(order.no, row.resourceId),
      });
      refunded += after.refundedAmountMicros - order.refundedAmountMicros;
    }
    await record(tx, ctx, 'release', body.reason, {
      refund: body.refund,
      amount: formatDollars(refunded),
      from: row.status,
    });
    // The customer learns of it in their console, with the reason and the money, in the same commit.
    await notify(tx.db, row.userId, 'resource_released_by_operator', {
      ...noticeSubject(row),
      reason: body.reason,
      amount: refunded > 0n ? formatDollars(refunded) : null,
    });
    return released;
  });
  await sendDeletionCalls(deps, recorded);
  return {
    resource: await answerOf(deps.database.db, ctx.operatorId, ctx.id, ctx.language),
    refunded: formatDollars(refunded),
  };
}

/**
 * POST /business/resource/{id}/extend: moves a live subscription's end by `days` (from the later
 * of now and its end), free: recorded as a zero-amount renewal order (no charge, nothing in the
 * bills) that the customer sees in their orders. An expired desktop is shut down again, as a
 * renewal does. The request's key places the order once.
 */
export async function extendResource(
  ctx: ActionContext,
  body: ResourceExtendBody,
  idempotencyKey: string,
): Promise<ResourceActionAnswer> {
  const { deps } = ctx;
  await scopedRow(deps.database.db, ctx.operatorId, ctx.id);
  const outcome = await inTransaction(deps.database.pool, async (tx) => {
    const row = await lockResource(tx.db, ctx.id);
    if (!row) throw notFound();
    if (!isLiveSubscription(row)) throw new AppError('business_rule', ErrorCode.RESOURCE_EXTEND_REFUSED);
    const now = deps.clock.now();
    const { order, replayed } = await placeOrder(tx, {
      userId: row.userId,
      idempotencyKey: `extend:${row.resourceId}:${idempotencyKey}`,
      paidAt: now,
      productType: row.kind as OrderProductType,
      action: 'renew',
      quantity: 1,
      regionId: row.regionId,
      billingMethod: 'subscription',
      originalAmountMicros: 0n,
      paidAmountMicros: 0n,
      spec: { extend_days: body.days },
      resourceIds: [row.resourceId],
    });
    if (replayed) return { order, expiresAt: row.expiresAt! };
    await setResourceStatus(tx, order.id, 'created');
    const from = row.expiresAt! > now ? row.expiresAt! : now;
    const expiresAt = new Date(from.getTime() + body.days * DAY_MS);
    await tx.db
      .update(resources)
      .set({
        expiresAt,
        ...(row.status === 'expired' ? { status: 'shutdown', stopReason: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(resources.id, row.id));
    await record(tx, ctx, 'extend', body.reason, {
      days: body.days,
      from: row.expiresAt!.toISOString(),
      to: expiresAt.toISOString(),
      order_no: order.no,
    });
    // A replayed request returned above, so the customer is told once.
    await notify(tx.db, row.userId, 'resource_extended_by_operator', {
      ...noticeSubject(row),
      reason: body.reason,
      days: body.days,
      expiresAt: noticeUtc(expiresAt),
    });
    return { order, expiresAt };
  });
  return {
    resource: await answerOf(deps.database.db, ctx.operatorId, ctx.id, ctx.language),
    expires_at: outcome.expiresAt.toISOString(),
    order_no: outcome.order.no,
  };
}

/**
 * POST /business/resource/{id}/reconcile: reads the resource from the cloud (as the refresh job
 * does) and writes its status back; answers what the cloud said and what changed here.
 */
export async function reconcileResource(
  ctx: ActionContext,
  reason: string,
): Promise<ResourceReconcileAnswer> {
  const { deps } = ctx;
  const { db } = deps.database;
  const { resource: before } = await scopedRow(db, ctx.operatorId, ctx.id);
  if (before.instanceId === null || cloudKindOf(before.kind) === null) {
    throw new AppError('conflict', ErrorCode.RESOURCE_NOT_READY);
  }
  const { described } = await refreshStatuses(deps, [before]);
  const after = (await findResource(db, ctx.id))!;
  const cloud = described.get(ctx.id);
  const summary = {
    found: cloud !== undefined,
    cloud_status: cloud?.status ?? null,
    before: { status: before.status, deleted: before.deletedAt !== null },
    after: { status: after.status, deleted: after.deletedAt !== null },
  };
  const changed =
    summary.before.status !== summary.after.status || summary.before.deleted !== summary.after.deleted;
  await inTransaction(deps.database.pool, (tx) =>
    record(tx, ctx, 'reconcile', reason, { ...summary, changed }),
  );
  return {
    resource: await answerOf(db, ctx.operatorId, ctx.id, ctx.language),
    ...summary,
    changed,
  };
}
