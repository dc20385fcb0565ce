/**
 * The bills export's columns and rows in the reader's language, on the shared CSV pieces of
 * `lib/csv.ts` (which `bills.ts` streams them with). Pure functions.
 */
import type { BillAmountType, BillRelatedType, Language } from '@cloudbay/contracts';
import { csvCell, csvLine, csvTitles, formatCsvTime } from '../../lib/csv';

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

const TIME_COLUMNS: ReadonlySet<Column> = new Set(['time']);

/** The column titles in `language`; the time column names its zone. */
export function billCsvTitles(language: Language, timeZone: string): string[] {
  return csvTitles(COLUMNS, WORDS[language].columns, TIME_COLUMNS, timeZone);
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
