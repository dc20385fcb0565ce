/**
 * The operators' orders (issue 18, `/business/order`): every customer's orders in the operator's
 * data scope, one with its wallet movements and refunds, the export, and a refund of part or all
 * of an order to the balance through `refundOrderPart` (the engine's one refund path).
 */
import { createHash } from 'node:crypto';
import {
  ErrorCode,
  type BizOrder,
  type BizOrderDetail,
  type BizOrderFilter,
  type BizOrderRefundBody,
  type Language,
} from '@cloudbay/contracts';
import type { SQL } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { formatDollars, parseMicros } from '../../../lib/money';
import { sheetExport, type SheetFormat } from '../../../lib/sheet-export';
import { timeRange } from '../../../lib/time-window';
import { orderCells, orderCsvTitles } from '../../orders/orders-csv';
import { orderLabels, refundOrderPart, toOrder } from '../../orders/service';
import { billsOfReference } from '../../wallet/bills';
import { pageInSql } from '../../../lib/paging';
import { customerScope, inScopeOr404 } from '../scope';
import {
  countBizOrders,
  findBizOrderBatch,
  findBizOrders,
  findOrderRefunds,
  findScopedOrder,
  type BizOrderCriteria,
  type BizOrderRow,
} from './repo';

/** What is still refundable: paid − refunded; nothing of an order never charged (a gift). */
export function refundableMicros(order: BizOrderRow): bigint {
  return order.chargeTransactionId === null ? 0n : order.paidAmountMicros - order.refundedAmountMicros;
}

function toBizOrder(row: BizOrderRow): BizOrder {
  return {
    ...toOrder(row),
    user_id: row.userId,
    email: row.email,
    refundable_amount: formatDollars(refundableMicros(row)),
  };
}

async function criteriaOf(db: Db, operatorId: number, filter: BizOrderFilter): Promise<BizOrderCriteria> {
  return {
    scope: await customerScope(db, operatorId),
    noPrefix: filter.no?.toUpperCase(),
    emailPrefix: filter.email,
    productType: filter.type,
    status: filter.status,
    resourceStatus: filter.resource_status,
    minPaidMicros: filter.amount_min === undefined ? undefined : parseMicros(filter.amount_min),
    maxPaidMicros: filter.amount_max === undefined ? undefined : parseMicros(filter.amount_max),
    ...timeRange(filter),
  };
}

export async function pageBizOrders(
  db: Db,
  operatorId: number,
  query: BizOrderFilter & { page: number; limit: number },
) {
  const criteria = await criteriaOf(db, operatorId, query);
  return pageInSql(query, {
    rows: (page) => findBizOrders(db, criteria, page),
    count: () => countBizOrders(db, criteria),
    item: toBizOrder,
  });
}

/** One order in the scope with its wallet movements and refunds; outside the scope 404. */
export async function getBizOrder(
  db: Db,
  operatorId: number,
  id: number,
  language: Language,
): Promise<BizOrderDetail> {
  const find = (scope: SQL) => findScopedOrder(db, scope, id);
  const row = await inScopeOr404(db, operatorId, ErrorCode.ORDER_NOT_FOUND, find);
  const [bills, refunds] = await Promise.all([
    billsOfReference(db, row.userId, row.no, language),
    findOrderRefunds(db, row.no),
  ]);
  return {
    ...toBizOrder(row),
    spec: row.spec,
    resource_ids: row.resourceIds,
    failure: row.failure,
    bills,
    refunds: refunds.map((refund) => ({
      transaction_id: refund.id,
      amount: formatDollars(refund.amountMicros),
      memo: refund.memo,
      operator: refund.operator,
      created_at: refund.createdAt.toISOString(),
    })),
  };
}

/**
 * Gives `amount` of the order back to the customer's balance (ledger `refund`, the reason as the
 * bill's memo). The order row is locked first, so concurrent refunds run one after the other and
 * the second sees the first's: more than paid − refunded answers 422 ORDER_REFUND_EXCEEDS. The
 * ledger key comes from the operator and the request's Idempotency-Key, so a retry posts nothing.
 */
export async function refundBizOrder(
  database: Database,
  operatorId: number,
  id: number,
  body: BizOrderRefundBody & { amount: string },
  idempotencyKey: string,
  language: Language,
): Promise<BizOrderDetail> {
  const amount = parseMicros(body.amount);
  const scope = await customerScope(database.db, operatorId);
  await inTransaction(database.pool, async (tx) => {
    const order = await findScopedOrder(tx.db, scope, id, true);
    if (!order) throw new AppError('not_found', ErrorCode.ORDER_NOT_FOUND);
    const refundable = refundableMicros(order);
    if (amount > refundable) {
      throw new AppError('business_rule', ErrorCode.ORDER_REFUND_EXCEEDS, {
        refundable: formatDollars(refundable),
      });
    }
    const share = createHash('sha256').update(`${operatorId}:${idempotencyKey}`).digest('hex').slice(0, 32);
    await refundOrderPart(tx, order.id, {
      resourceId: `operator-${share}`,
      amountMicros: amount,
      allFailed: false,
      memo: { text: body.reason, metadata: { operator_id: operatorId, reason: body.reason } },
    });
  });
  return getBizOrder(database.db, operatorId, id, language);
}

const CUSTOMER_TITLE: Record<Language, string> = { 'zh-CN': '客户邮箱', 'en-US': 'Customer e-mail' };

/** The filtered orders in the scope as XLSX or CSV, newest first, labels in `language`. */
export async function exportBizOrders(
  db: Db,
  operatorId: number,
  filter: BizOrderFilter,
  options: { format: SheetFormat; language: Language; timeZone: string; now: Date },
) {
  const criteria = await criteriaOf(db, operatorId, filter);
  const labels = await orderLabels(db, options.language);
  return sheetExport({
    subject: 'orders',
    format: options.format,
    now: options.now,
    timeZone: options.timeZone,
    header: [CUSTOMER_TITLE[options.language], ...orderCsvTitles(options.language, options.timeZone)],
    readBatch: (belowId, limit) => findBizOrderBatch(db, criteria, belowId, limit),
    cells: (row) => [row.email, ...orderCells(row, labels, options.timeZone)],
  });
}
