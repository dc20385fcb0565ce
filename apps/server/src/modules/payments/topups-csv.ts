/**
 * The top-up records export's columns and rows in the reader's language (lib/csv.ts streams them).
 * Pay types are labelled from the `pay_type` dictionary; statuses with the words the console's
 * top-up dialog uses (top-up statuses have no dictionary).
 */
import { TOPUP_STATUS, type Language } from '@cloudbay/contracts';
import { csvCell, csvLine, csvMoney, csvTitles, formatCsvTime } from '../../lib/csv';
import type { TopupOrderRow } from './repo';

const COLUMNS = [
  'no',
  'time',
  'payType',
  'status',
  'money',
  'actualMoney',
  'bonusMoney',
  'rateAmount',
  'currency',
  'paidAt',
] as const;
type Column = (typeof COLUMNS)[number];
const TIME_COLUMNS: ReadonlySet<Column> = new Set(['time', 'paidAt']);

type TopupStatus = (typeof TOPUP_STATUS)[keyof typeof TOPUP_STATUS];

const WORDS: Record<Language, { titles: Record<Column, string>; statuses: Record<TopupStatus, string> }> = {
  'zh-CN': {
    titles: {
      no: '充值单号',
      time: '创建时间',
      payType: '支付方式',
      status: '状态',
      money: '充值金额（美元）',
      actualMoney: '实际到账（美元）',
      bonusMoney: '赠送金额（美元）',
      rateAmount: '支付金额',
      currency: '支付币种',
      paidAt: '支付时间',
    },
    statuses: {
      [TOPUP_STATUS.PENDING]: '待支付',
      [TOPUP_STATUS.PAID]: '已支付',
      [TOPUP_STATUS.TIMEOUT]: '支付超时',
      [TOPUP_STATUS.FAILED]: '支付失败',
    },
  },
  'en-US': {
    titles: {
      no: 'Top-up number',
      time: 'Created',
      payType: 'Payment method',
      status: 'Status',
      money: 'Amount (USD)',
      actualMoney: 'Credited (USD)',
      bonusMoney: 'Bonus (USD)',
      rateAmount: 'Amount paid',
      currency: 'Payment currency',
      paidAt: 'Paid at',
    },
    statuses: {
      [TOPUP_STATUS.PENDING]: 'Awaiting payment',
      [TOPUP_STATUS.PAID]: 'Paid',
      [TOPUP_STATUS.TIMEOUT]: 'Payment timed out',
      [TOPUP_STATUS.FAILED]: 'Payment failed',
    },
  },
};

/** The column titles in `language`; time columns name their zone. */
export function topupCsvTitles(language: Language, timeZone: string): string[] {
  return csvTitles(COLUMNS, WORDS[language].titles, TIME_COLUMNS, timeZone);
}

type CellOptions = { language: Language; timeZone: string; payTypeLabel: (value: string) => string };

/** One top-up's cells as text (the CSV line and the operators' sheet export write them). */
export function topupCells(order: TopupOrderRow, options: CellOptions): string[] {
  const { language, timeZone, payTypeLabel } = options;
  return [
    order.no,
    formatCsvTime(order.createdAt, timeZone),
    payTypeLabel(order.payType),
    WORDS[language].statuses[order.status as TopupStatus] ?? String(order.status),
    csvMoney(order.moneyMicros),
    csvMoney(order.creditedMicros),
    csvMoney(order.bonusMicros),
    // The gateway's amount text: kept as sent, but it came from outside, so guarded like text.
    order.rateAmount,
    order.currency,
    formatCsvTime(order.paidAt, timeZone),
  ];
}

/** Cells we wrote ourselves: times and money (never formula-like, signs kept). */
const PLAIN: ReadonlySet<number> = new Set([1, 4, 5, 6, 9]);

/** One top-up's line; `payTypeLabel` looks the pay type up in the dictionary. */
export function topupCsvLine(order: TopupOrderRow, options: CellOptions): string {
  return csvLine(topupCells(order, options).map((cell, index) => csvCell(cell, !PLAIN.has(index))));
}
