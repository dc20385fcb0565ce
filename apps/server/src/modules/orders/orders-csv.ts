/**
 * The orders export's columns and rows in the reader's language (lib/csv.ts streams them). Value
 * labels (product type, action, statuses, billing method) come from the dictionaries, so the file
 * says what the console's tags say.
 */
import type { Language } from '@cloudbay/contracts';
import { csvCell, csvLine, csvMoney, csvTitles, formatCsvTime } from '../../lib/csv';
import type { OrderRow } from './repo';

const COLUMNS = [
  'no',
  'time',
  'productType',
  'action',
  'status',
  'resourceStatus',
  'quantity',
  'billingMethod',
  'period',
  'originalAmount',
  'paidAmount',
  'refundedAmount',
  'paidAt',
] as const;
type Column = (typeof COLUMNS)[number];
/** Columns whose times are written in the reader's zone (their titles name it). */
const TIME_COLUMNS: ReadonlySet<Column> = new Set(['time', 'paidAt']);

const TITLES: Record<Language, Record<Column, string>> = {
  'zh-CN': {
    no: '订单号',
    time: '下单时间',
    productType: '产品类型',
    action: '订单类型',
    status: '订单状态',
    resourceStatus: '资源状态',
    quantity: '数量',
    billingMethod: '计费方式',
    period: '时长（月）',
    originalAmount: '原价（美元）',
    paidAmount: '实付金额（美元）',
    refundedAmount: '已退款（美元）',
    paidAt: '支付时间',
  },
  'en-US': {
    no: 'Order number',
    time: 'Created',
    productType: 'Product type',
    action: 'Order type',
    status: 'Order status',
    resourceStatus: 'Resource status',
    quantity: 'Quantity',
    billingMethod: 'Billing method',
    period: 'Period (months)',
    originalAmount: 'Original amount (USD)',
    paidAmount: 'Paid amount (USD)',
    refundedAmount: 'Refunded (USD)',
    paidAt: 'Paid at',
  },
};

/** The column titles in `language`; time columns name their zone. */
export function orderCsvTitles(language: Language, timeZone: string): string[] {
  return csvTitles(COLUMNS, TITLES[language], TIME_COLUMNS, timeZone);
}

/** The dictionary labels a row needs, each a lookup from value to label. */
export interface OrderLabels {
  productType: (value: string) => string;
  action: (value: string) => string;
  status: (value: string) => string;
  resourceStatus: (value: string) => string;
  billingMethod: (value: string) => string;
}

/** One order's cells, as text (the CSV line and the operators' sheet export write them). */
export function orderCells(order: OrderRow, labels: OrderLabels, timeZone: string): string[] {
  return [
    order.no,
    formatCsvTime(order.createdAt, timeZone),
    labels.productType(order.productType),
    labels.action(order.action),
    labels.status(order.status),
    labels.resourceStatus(order.resourceStatus),
    String(order.quantity),
    order.billingMethod ? labels.billingMethod(order.billingMethod) : '',
    order.period === null ? '' : String(order.period),
    csvMoney(order.originalAmountMicros),
    csvMoney(order.paidAmountMicros),
    csvMoney(order.refundedAmountMicros),
    formatCsvTime(order.paidAt, timeZone),
  ];
}

/** Cells written as they are: numbers, money and times (never formula-like). */
const PLAIN: ReadonlySet<number> = new Set([1, 6, 8, 9, 10, 11, 12]);

/** One order's line. */
export function orderCsvLine(order: OrderRow, labels: OrderLabels, timeZone: string): string {
  return csvLine(orderCells(order, labels, timeZone).map((cell, index) => csvCell(cell, !PLAIN.has(index))));
}
