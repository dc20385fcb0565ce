/**
 * The bills export as CSV text (RFC 4180: quoted where needed, CRLF lines), UTF-8 with a byte
 * order mark so that Excel opens Chinese text correctly. Pure functions; `bills.ts` streams them.
 */
import type { BillAmountType, BillRelatedType, Language } from '@cloudbay/contracts';

export const CSV_BOM = '\uFEFF';

const COLUMNS = [
  'id',
  'time',
  'expenseType',
  'amountType',
  'amount',
  'balance',
  'relatedType',
  'relatedNo',
  'memo',
] as const;
type Column = (typeof COLUMNS)[number];

interface CsvWords {
  columns: Record<Column, string>;
  amountTypes: Record<BillAmountType, string>;
  relatedTypes: Record<BillRelatedType, string>;
}

const WORDS: Record<Language, CsvWords> = {
  'zh-CN': {
    columns: {
      id: '账单编号',
      time: '时间',
      expenseType: '费用类型',
      amountType: '收支类型',
      amount: '金额（美元）',
      balance: '变动后余额（美元）',
      relatedType: '关联类型',
      relatedNo: '关联单号',
      memo: '备注',
    },
    amountTypes: { income: '收入', expense: '支出' },
    relatedTypes: {
      topup_order: '充值订单',
      order: '订单',
      resource: '资源',
      referral: '推荐返利',
      withdrawal: '提现',
      adjustment: '人工调账',
      gift: '赠送',
    },
  },
  'en-US': {
    columns: {
      id: 'Bill ID',
      time: 'Time',
      expenseType: 'Expense type',
      amountType: 'Amount type',
      amount: 'Amount (USD)',
      balance: 'Balance after (USD)',
      relatedType: 'Related type',
      relatedNo: 'Related number',
      memo: 'Memo',
    },
    amountTypes: { income: 'Income', expense: 'Expense' },
    relatedTypes: {
      topup_order: 'Top-up order',
      order: 'Order',
      resource: 'Resource',
      referral: 'Referral',
      withdrawal: 'Withdrawal',
      adjustment: 'Adjustment',
      gift: 'Gift',
    },
  },
};

/** One bill as the export writes it; text fields come from people, numbers from the ledger. */
export interface CsvBill {
  id: number;
  createdAt: Date;
  expenseLabel: string;
  amountType: BillAmountType;
  amount: string;
  balance: string;
  relatedType: BillRelatedType | null;
  relatedNo: string | null;
  memo: string | null;
}

/**
 * A cell: quoted when it holds a comma, quote or line break. Text that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR first) gets a leading apostrophe, so a memo cannot become a formula.
 */
export function csvCell(value: string, isText = true): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`;
}

function parts(date: Date, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** `2026-11-22 16:05:09` in `timeZone`. */
export function formatCsvTime(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `20261122`: the day in `timeZone`, for the file name. */
export function dayStamp(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.year}${p.month}${p.day}`;
}

/** The header row (with the byte order mark) in `language`; the time column names its zone. */
export function csvHeader(language: Language, timeZone: string): string {
  const { columns } = WORDS[language];
  return (
    CSV_BOM +
    csvLine(
      COLUMNS.map((column) => csvCell(column === 'time' ? `${columns.time} (${timeZone})` : columns[column])),
    )
  );
}

/** One bill's row in `language`. */
export function csvRow(bill: CsvBill, language: Language, timeZone: string): string {
  const words = WORDS[language];
  return csvLine([
    String(bill.id),
    formatCsvTime(bill.createdAt, timeZone),
    csvCell(bill.expenseLabel),
    words.amountTypes[bill.amountType],
    csvCell(bill.amount, false),
    csvCell(bill.balance, false),
    bill.relatedType ? words.relatedTypes[bill.relatedType] : '',
    csvCell(bill.relatedNo ?? ''),
    csvCell(bill.memo ?? ''),
  ]);
}
