/**
 * Bills (spec §3 Bill or transaction, §7 /user/user_transactions): the customer's wallet entries,
 * newest first, as a page, one by one, or as a CSV export of at most EXPORT_MAX_ROWS rows.
 */
import {
  BILL_EXPENSE_DICT,
  ErrorCode,
  type Bill,
  type BillExpenseType,
  type BillFilter,
  type BillRelatedType,
  type Language,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { csvExport, csvFileName, type CsvExport } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { formatDollars } from '../../lib/money';
import { timeRange } from '../../lib/time-window';
import { dictLabels } from '../dict/service';
import {
  countBills,
  findBill,
  findBillBatch,
  findBills,
  findWalletAccountId,
  type BillCriteria,
  type BillRow,
} from './bills-repo';
import { billCsvTitles, csvRow } from './bills-csv';
import { memoIn } from './memos';

/** What each kind's transaction `reference` names (the payments flow puts the order number there, …). */
const RELATED_TYPE: Record<BillExpenseType, BillRelatedType> = {
  topup: 'topup_order',
  topup_bonus: 'topup_order',
  purchase: 'order',
  renewal: 'order',
  upgrade: 'order',
  payg_hourly: 'resource',
  traffic: 'resource',
  refund: 'order',
  referral_reward: 'referral',
  withdrawal: 'withdrawal',
  admin_adjustment: 'adjustment',
  gift: 'gift',
  hold: 'order',
  settle: 'order',
  release: 'order',
};

function criteriaOf(accountId: number, filter: BillFilter): BillCriteria {
  return { accountId, kind: filter.expense_type, direction: filter.amount_type, ...timeRange(filter) };
}

function relatedOf(row: BillRow) {
  if (!row.reference) return { related_type: null, related_no: null };
  return { related_type: RELATED_TYPE[row.kind as BillExpenseType] ?? null, related_no: row.reference };
}

/** A bill as a reader of `language` sees it (platform memos in that language). */
export function toBill(row: BillRow, language: Language): Bill {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    amount: formatDollars(row.amountMicros),
    amount_type: row.amountMicros > 0n ? 'income' : 'expense',
    expense_type: row.kind as BillExpenseType,
    ...relatedOf(row),
    balance: formatDollars(row.balanceAfterMicros ?? 0n),
    memo: memoIn(language, row.memo, row.memoKey),
    created_at: row.createdAt.toISOString(),
  };
}

/** A page of the customer's bills, newest first; an account without a wallet has none. */
export async function listBills(
  db: Db,
  userId: number,
  query: BillFilter & { page: number; limit: number },
  language: Language,
) {
  const empty = { list: [], total: 0, page: query.page, limit: query.limit };
  const accountId = await findWalletAccountId(db, userId);
  if (accountId === undefined) return empty;
  const criteria = criteriaOf(accountId, query);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    findBills(db, criteria, { offset, limit: query.limit }),
    countBills(db, criteria),
  ]);
  return { list: rows.map((row) => toBill(row, language)), total, page: query.page, limit: query.limit };
}

/** One of the customer's bills; another customer's (or none) answers 404 BILL_NOT_FOUND. */
export async function getBill(db: Db, userId: number, id: number, language: Language): Promise<Bill> {
  const accountId = await findWalletAccountId(db, userId);
  const row = accountId === undefined ? undefined : await findBill(db, accountId, id);
  if (!row) throw new AppError('not_found', ErrorCode.BILL_NOT_FOUND);
  return toBill(row, language);
}

/** At most this many bills name one reference (an order's charge, refund, hold and settlement). */
const REFERENCE_BILLS_MAX = 100;

/** The customer's bills whose movement names `reference` (e.g. an order number), newest first. */
export async function billsOfReference(
  db: Db,
  userId: number,
  reference: string,
  language: Language,
): Promise<Bill[]> {
  const accountId = await findWalletAccountId(db, userId);
  if (accountId === undefined) return [];
  const rows = await findBillBatch(db, { accountId, reference }, undefined, REFERENCE_BILLS_MAX);
  return rows.map((row) => toBill(row, language));
}

/**
 * The customer's bills matching `filter` as a CSV stream (newest first, at most
 * EXPORT_MAX_ROWS), headers and labels in `language`, times in `timeZone`.
 */
export async function exportBills(
  db: Db,
  userId: number,
  filter: BillFilter,
  options: { language: Language; timeZone: string; now: Date },
): Promise<CsvExport> {
  const { language, timeZone } = options;
  const [accountId, expenseLabel] = await Promise.all([
    findWalletAccountId(db, userId),
    dictLabels(db, BILL_EXPENSE_DICT, language),
  ]);
  const criteria = accountId === undefined ? undefined : criteriaOf(accountId, filter);

  const line = (row: BillRow) => {
    const bill = toBill(row, language);
    return csvRow(
      {
        id: bill.id,
        createdAt: row.createdAt,
        expenseLabel: expenseLabel(bill.expense_type),
        amountType: bill.amount_type,
        amount: bill.amount,
        balance: bill.balance,
        relatedType: bill.related_type,
        relatedNo: bill.related_no,
        memo: bill.memo,
      },
      language,
      timeZone,
    );
  };

  return csvExport({
    filename: csvFileName('bills', options.now, timeZone),
    header: billCsvTitles(language, timeZone),
    readBatch: (belowId, limit) =>
      criteria ? findBillBatch(db, criteria, belowId, limit) : Promise.resolve([]),
    line,
  });
}
