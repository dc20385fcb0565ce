/**
 * Orders (spec §3 Order, §4 Order statuses and Resource statuses): what the provisioning engine
 * records when a customer buys, renews or changes a resource and pays from the balance, and what
 * the customer reads of them (§7 /user/order).
 *
 * Money moves only with its order: `placeOrder` inserts the order and charges the wallet in the
 * caller's database transaction (both or neither), and `refundOrderPart` gives a failed resource's
 * share of the money back once, under the ledger key `order-refund:<no>:<resource id>`.
 */
import { createHash } from 'node:crypto';
import {
  ErrorCode,
  ORDER_PRODUCT_TYPE_DICT,
  ORDER_PRODUCT_TYPES,
  type BillingMethod,
  type Language,
  type Order,
  type OrderAction,
  type OrderDetail,
  type OrderFilter,
  type OrderProductType,
  type OrderStatus,
  type ProductTypeOption,
  type ResourceStatus,
  type StatusDictType,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { csvExport, csvFileName, type CsvExport } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { formatDollars } from '../../lib/money';
import { timeRange } from '../../lib/time-window';
import { dictLabels, entriesOfType } from '../dict/service';
import { billsOfReference } from '../wallet/bills';
import { charge, refund, type ChargeKind } from '../wallet/ledger';
import { ledgerMemo, type LedgerMemoKey } from '../wallet/memos';
import { orderCsvLine, orderCsvTitles, type OrderLabels } from './orders-csv';
import {
  countOrders,
  deleteOrder,
  findOrderBatch,
  findOrderByNo,
  findOrderOfUser,
  findOrders,
  insertOrderOnce,
  lockOrder,
  updateOrder,
  type OrderCriteria,
  type OrderRow,
} from './repo';

export type { OrderRow } from './repo';

/** The memos a refund of an order part may carry. */
export type RefundMemo = Extract<LedgerMemoKey, 'creation_refund' | 'change_refund' | 'release_refund'>;

/* ----------------------------------------------------------------------------------------------
 * The provisioning engine's side (issue 6)
 * -------------------------------------------------------------------------------------------- */

export interface PlaceOrderInput {
  userId: number;
  /**
   * The caller's key for this purchase (e.g. the request's Idempotency-Key or the job's id): placing
   * again under the same key answers the first order and charges nothing.
   */
  idempotencyKey: string;
  productType: OrderProductType;
  action?: OrderAction;
  quantity?: number;
  regionId?: number | null;
  billingMethod?: BillingMethod | null;
  /** Months bought; null for pay-as-you-go. */
  period?: number | null;
  /** List price before discounts, micro-dollars. */
  originalAmountMicros: bigint;
  /** What the wallet is charged, micro-dollars; 0 for a gift (nothing is charged). */
  paidAmountMicros: bigint;
  /** The configuration bought, as the engine needs it to provision. */
  spec?: Record<string, unknown>;
  /** The resources concerned, when already known (renewals and upgrades). */
  resourceIds?: string[];
  /** Shown on the customer's bill. */
  memo?: string;
  /** When it is paid: the engine's clock (`deps.clock.now()`). */
  paidAt: Date;
}

export interface PlacedOrder {
  order: OrderRow;
  /** True when the key had placed this order before: nothing was inserted or charged now. */
  replayed: boolean;
}

const CHARGE_KIND: Record<OrderAction, ChargeKind> = {
  new: 'purchase',
  renew: 'renewal',
  upgrade: 'upgrade',
};

const ORDER_NO_PREFIX = 'OD';
const ORDER_NO_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * 20 characters: `OD` and 18 letters or digits derived from the customer and the caller's key
 * (about 93 bits of SHA-256). The same placement always gets the same number, so the unique index
 * on `no` is what makes a retried or concurrent placement find the first order, gifts included
 * (they post nothing to the ledger that could be looked up instead).
 */
export function orderNoFor(userId: number, idempotencyKey: string): string {
  let value = BigInt(`0x${createHash('sha256').update(`order:${userId}:${idempotencyKey}`).digest('hex')}`);
  let suffix = '';
  for (let i = 0; i < 18; i += 1) {
    suffix += ORDER_NO_ALPHABET[Number(value % 36n)];
    value /= 36n;
  }
  return `${ORDER_NO_PREFIX}${suffix}`;
}

/** The ledger key of an order's charge. */
export const orderChargeKey = (no: string) => `order:${no}`;

function assertPlaceable(input: PlaceOrderInput): void {
  const { originalAmountMicros: original, paidAmountMicros: paid, quantity = 1 } = input;
  if (!input.idempotencyKey) throw new Error('placeOrder needs an idempotency key');
  if (paid < 0n || original < paid) throw new Error(`bad order amounts: original ${original}, paid ${paid}`);
  if (!Number.isInteger(quantity) || quantity < 1) throw new Error(`bad order quantity ${quantity}`);
}

/** A key reused for a different purchase is a caller bug (or a collision): refused, never merged. */
function assertSamePlacement(existing: OrderRow, input: PlaceOrderInput): void {
  const same =
    existing.userId === input.userId &&
    existing.productType === input.productType &&
    existing.action === (input.action ?? 'new') &&
    existing.paidAmountMicros === input.paidAmountMicros;
  if (!same) throw new AppError('conflict', ErrorCode.LEDGER_KEY_CONFLICT);
}

/**
 * Records an order and pays it from the customer's wallet inside the caller's transaction: the
 * order (status `paid`, resource `not_created`) and its charge (kind purchase / renewal / upgrade,
 * reference = the order number) commit together or not at all. Without enough balance it throws
 * the ledger's 422 INSUFFICIENT_BALANCE and leaves no order behind. A zero-price order (a gift) is
 * paid without a charge. Placing again under the same key answers the first order, `replayed`.
 */
export async function placeOrder(tx: Tx, input: PlaceOrderInput): Promise<PlacedOrder> {
  assertPlaceable(input);
  const no = orderNoFor(input.userId, input.idempotencyKey);
  const action = input.action ?? 'new';
  const inserted = await insertOrderOnce(tx.db, {
    no,
    userId: input.userId,
    productType: input.productType,
    action,
    quantity: input.quantity ?? 1,
    regionId: input.regionId ?? null,
    billingMethod: input.billingMethod ?? null,
    period: input.period ?? null,
    originalAmountMicros: input.originalAmountMicros,
    paidAmountMicros: input.paidAmountMicros,
    spec: input.spec ?? {},
    resourceIds: input.resourceIds ?? [],
  });
  if (!inserted) {
    const existing = await findOrderByNo(tx.db, no);
    // The insert saw the number, so the row is committed; missing would be a broken database.
    if (!existing) throw new Error(`order ${no} vanished`);
    assertSamePlacement(existing, input);
    return { order: existing, replayed: true };
  }

  let chargeTransactionId: number | null = null;
  if (input.paidAmountMicros > 0n) {
    try {
      const posted = await charge(tx, {
        userId: input.userId,
        kind: CHARGE_KIND[action],
        amountMicros: input.paidAmountMicros,
        idempotencyKey: orderChargeKey(no),
        reference: no,
        memo: input.memo,
      });
      chargeTransactionId = posted.transaction.id;
    } catch (error) {
      // Leave the caller's transaction as it was, in case it catches this and carries on.
      await deleteOrder(tx.db, inserted.id);
      throw error;
    }
  }
  const order = await updateOrder(tx.db, inserted.id, {
    status: 'paid',
    paidAt: input.paidAt,
    chargeTransactionId,
  });
  return { order, replayed: false };
}

async function lockedOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const order = await lockOrder(tx.db, orderId);
  if (!order) throw new AppError('not_found', ErrorCode.ORDER_NOT_FOUND);
  return order;
}

/**
 * Moves the order's resource status as the cloud answers (creating → created, or creation_failed
 * with the reason), optionally naming the resources made. A refunded order is final and is
 * answered unchanged: a late "created" from the cloud must be reconciled by the engine, not
 * silently undo a refund.
 */
export async function setResourceStatus(
  tx: Tx,
  orderId: number,
  status: Exclude<ResourceStatus, 'refunded'>,
  details: { failure?: string; resourceIds?: string[] } = {},
): Promise<OrderRow> {
  const order = await lockedOrder(tx, orderId);
  if (order.resourceStatus === 'refunded') return order;
  return updateOrder(tx.db, order.id, {
    resourceStatus: status,
    ...(details.failure === undefined ? {} : { failure: details.failure }),
    ...(details.resourceIds === undefined ? {} : { resourceIds: details.resourceIds }),
  });
}

/** The ledger key of one resource's share of an order's refund (orders of several resources). */
export const orderPartRefundKey = (no: string, resourceId: string) => `order-refund:${no}:${resourceId}`;

/**
 * Gives back one resource's share of an order (`amountMicros`, capped at what is still unrefunded)
 * under the key `order-refund:<no>:<resourceId>`, so an order of several resources can refund
 * those whose creation failed one by one. The order row is locked; a repeated call posts nothing
 * and adds nothing (the ledger answers the first refund). `allFailed` marks the order refunded
 * (every resource it bought failed); otherwise its resource status is left to the engine. An order
 * that was never charged (a gift) moves no money.
 */
export async function refundOrderPart(
  tx: Tx,
  orderId: number,
  part: {
    /** The share's name in the ledger key (a resource id, or an operator's refund's own key). */
    resourceId: string;
    amountMicros: bigint;
    /** Why the resource failed (kept on the order); an operator's refund leaves it alone. */
    failure?: string;
    allFailed: boolean;
    /** What the customer's bill says: a keyed memo in the reader's language, or a text as written. */
    memo: RefundMemo | { text: string; metadata: Record<string, unknown> };
    /** The ledger key, when not the creation's per-resource one (an operator's release refund). */
    key?: string;
  },
): Promise<OrderRow> {
  const order = await lockedOrder(tx, orderId);
  const unrefunded =
    order.chargeTransactionId === null ? 0n : order.paidAmountMicros - order.refundedAmountMicros;
  const amount = part.amountMicros < unrefunded ? part.amountMicros : unrefunded;
  let added = 0n;
  if (amount > 0n) {
    const posted = await refund(tx, {
      userId: order.userId,
      amountMicros: amount,
      idempotencyKey: part.key ?? orderPartRefundKey(order.no, part.resourceId),
      reference: order.no,
      ...(typeof part.memo === 'string'
        ? ledgerMemo(part.memo)
        : { memo: part.memo.text, metadata: part.memo.metadata }),
    });
    if (!posted.replayed) added = amount;
  }
  return updateOrder(tx.db, order.id, {
    refundedAmountMicros: order.refundedAmountMicros + added,
    ...(part.failure === undefined ? {} : { failure: part.failure }),
    ...(part.allFailed ? { resourceStatus: 'refunded' } : {}),
  });
}

/* ----------------------------------------------------------------------------------------------
 * The customer's side: GET /user/order, /user/order/{id}, /user/order/product_type, the export
 * -------------------------------------------------------------------------------------------- */

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    no: row.no,
    type: row.productType as OrderProductType,
    action: row.action as OrderAction,
    status: row.status as OrderStatus,
    resource_status: row.resourceStatus as ResourceStatus,
    quantity: row.quantity,
    region_id: row.regionId,
    billing_method: row.billingMethod as BillingMethod | null,
    period: row.period,
    original_amount: formatDollars(row.originalAmountMicros),
    paid_amount: formatDollars(row.paidAmountMicros),
    refunded_amount: formatDollars(row.refundedAmountMicros),
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

function criteriaOf(userId: number, filter: OrderFilter): OrderCriteria {
  return {
    userId,
    // Numbers are upper case; a number typed in lower case still finds its order.
    noPrefix: filter.no?.toUpperCase(),
    productType: filter.type,
    status: filter.status,
    resourceStatus: filter.resource_status,
    ...timeRange(filter),
  };
}

/** A page of the customer's orders, newest first, read in SQL. */
export async function listOrders(
  db: Db,
  userId: number,
  query: OrderFilter & { page: number; limit: number },
) {
  const criteria = criteriaOf(userId, query);
  const [rows, total] = await Promise.all([
    findOrders(db, criteria, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    countOrders(db, criteria),
  ]);
  return { list: rows.map(toOrder), total, page: query.page, limit: query.limit };
}

/** One of the customer's orders with its spec, failure and wallet movements; others' answer 404. */
export async function getOrder(db: Db, userId: number, id: number, language: Language): Promise<OrderDetail> {
  const row = await findOrderOfUser(db, userId, id);
  if (!row) throw new AppError('not_found', ErrorCode.ORDER_NOT_FOUND);
  return {
    ...toOrder(row),
    spec: row.spec,
    failure: row.failure,
    bills: await billsOfReference(db, userId, row.no, language),
  };
}

const isProductType = (value: string): value is OrderProductType =>
  (ORDER_PRODUCT_TYPES as readonly string[]).includes(value);

/** The product types in `language`, in the dictionary's order (entries an operator added are left out). */
export async function productTypes(db: Db, language: Language): Promise<ProductTypeOption[]> {
  const entries = await entriesOfType(db, ORDER_PRODUCT_TYPE_DICT, language);
  return entries
    .filter((entry) => isProductType(entry.dictValue))
    .map((entry) => ({ value: entry.dictValue as OrderProductType, label: entry.dictLabel }));
}

/** The dictionary labels an order's export cells need, in `language`. */
export async function orderLabels(db: Db, language: Language): Promise<OrderLabels> {
  const lookup = (dictType: StatusDictType) => dictLabels(db, dictType, language);
  const [productType, action, status, resourceStatus, billingMethod] = await Promise.all([
    lookup(ORDER_PRODUCT_TYPE_DICT),
    lookup('order_action'),
    lookup('order_status'),
    lookup('resource_status'),
    lookup('billing_method'),
  ]);
  return { productType, action, status, resourceStatus, billingMethod };
}

/**
 * The customer's orders matching `filter` as a CSV stream (newest first, at most
 * EXPORT_MAX_ROWS), titles and labels in `language`, times in `timeZone`.
 */
export async function exportOrders(
  db: Db,
  userId: number,
  filter: OrderFilter,
  options: { language: Language; timeZone: string; now: Date },
): Promise<CsvExport> {
  const { language, timeZone } = options;
  const criteria = criteriaOf(userId, filter);
  const labels = await orderLabels(db, language);
  return csvExport({
    filename: csvFileName('orders', options.now, timeZone),
    header: orderCsvTitles(language, timeZone),
    readBatch: (belowId, limit) => findOrderBatch(db, criteria, belowId, limit),
    line: (row) => orderCsvLine(row, labels, timeZone),
  });
}
