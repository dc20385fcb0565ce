/**
 * Bills (spec §3 Bill or transaction, §7 /user/user_transactions): the customer's wallet entries,
 * newest first, as a page, one by one, or as a CSV export of at most BILL_EXPORT_MAX_ROWS rows.
 */
import { Readable } from 'node:stream';
import {
  BILL_EXPENSE_DICT,
  BILL_EXPORT_MAX_ROWS,
  ErrorCode,
  type Bill,
  type BillExpenseType,
  type BillFilter,
  type BillRelatedType,
  type Language,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { formatDollars } from '../../lib/money';
import { entriesOfType } from '../dict/service';
import {
  countBills,
  findBill,
  findBillBatch,
  findBills,
  findWalletAccountId,
  type BillCriteria,
  type BillRow,
} from './bills-repo';
import { csvHeader, csvRow, dayStamp } from './bills-csv';

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

const DAY_MS = 86_400_000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The filter's time range as [from, before): a day starts at its UTC midnight and an end day
 * counts through its last moment; an instant given as the end is included.
 */
export function timeRange(filter: Pick<BillFilter, 'begin_time' | 'end_time'>) {
  const { begin_time: begin, end_time: end } = filter;
  const from = begin === undefined ? undefined : new Date(isDay(begin) ? `${begin}T00:00:00Z` : begin);
  const before =
    end === undefined
      ? undefined
      : new Date(isDay(end) ? Date.parse(`${end}T00:00:00Z`) + DAY_MS : Date.parse(end) + 1);
  return { from, before };
}

function criteriaOf(accountId: number, filter: BillFilter): BillCriteria {
  return { accountId, kind: filter.expense_type, direction: filter.amount_type, ...timeRange(filter) };
}

function relatedOf(row: BillRow) {
  if (!row.reference) return { related_type: null, related_no: null };
  return { related_type: RELATED_TYPE[row.kind as BillExpenseType] ?? null, related_no: row.reference };
}

export function toBill(row: BillRow): Bill {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    amount: formatDollars(row.amountMicros),
    amount_type: row.amountMicros > 0n ? 'income' : 'expense',
    expense_type: row.kind as BillExpenseType,
    ...relatedOf(row),
    balance: formatDollars(row.balanceAfterMicros),
    memo: row.memo,
    created_at: row.createdAt.toISOString(),
  };
}

/** A page of the customer's bills, newest first; an account without a wallet has none. */
export async function listBills(db: Db, userId: number, query: BillFilter & { page: number; limit: number }) {
  const empty = { list: [], total: 0, page: query.page, limit: query.limit };
  const accountId = await findWalletAccountId(db, userId);
  if (accountId === undefined) return empty;
  const criteria = criteriaOf(accountId, query);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    findBills(db, criteria, { offset, limit: query.limit }),
    countBills(db, criteria),
  ]);
  return { list: rows.map(toBill), total, page: query.page, limit: query.limit };
}

/** One of the customer's bills; another customer's (or none) answers 404 BILL_NOT_FOUND. */
export async function getBill(db: Db, userId: number, id: number): Promise<Bill> {
  const accountId = await findWalletAccountId(db, userId);
  const row = accountId === undefined ? undefined : await findBill(db, accountId, id);
  if (!row) throw new AppError('not_found', ErrorCode.BILL_NOT_FOUND);
  return toBill(row);
}

/** Rows read per query while exporting. */
const EXPORT_BATCH = 1_000;

export interface BillExport {
  filename: string;
  body: Readable;
}

/**
 * The customer's bills matching `filter` as a CSV stream (newest first, at most
 * BILL_EXPORT_MAX_ROWS), headers and labels in `language`, times in `timeZone`. The first batch is
 * read before answering, so a failing query still answers an error instead of a cut-off file.
 */
export async function exportBills(
  db: Db,
  userId: number,
  filter: BillFilter,
  options: { language: Language; timeZone: string; now?: Date },
): Promise<BillExport> {
  const { language, timeZone } = options;
  const accountId = await findWalletAccountId(db, userId);
  const criteria = accountId === undefined ? undefined : criteriaOf(accountId, filter);
  const readBatch = (belowId: number | undefined, limit: number) =>
    criteria ? findBillBatch(db, criteria, belowId, limit) : Promise.resolve([]);
  const [first, labels] = await Promise.all([
    readBatch(undefined, EXPORT_BATCH),
    entriesOfType(db, BILL_EXPENSE_DICT, language),
  ]);
  const labelOf = new Map(labels.map((entry) => [entry.dictValue, entry.dictLabel]));

  const line = (row: BillRow) => {
    const bill = toBill(row);
    return csvRow(
      {
        id: bill.id,
        createdAt: row.createdAt,
        expenseLabel: labelOf.get(bill.expense_type) ?? bill.expense_type,
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

  async function* chunks() {
    yield csvHeader(language, timeZone);
    let rows = first;
    let written = 0;
    while (rows.length > 0) {
      yield rows.map(line).join('');
      written += rows.length;
      const left = BILL_EXPORT_MAX_ROWS - written;
      if (rows.length < EXPORT_BATCH || left <= 0) return;
      rows = await readBatch(rows.at(-1)!.id, Math.min(EXPORT_BATCH, left));
    }
  }

  return {
    filename: `bills-${dayStamp(options.now ?? new Date(), timeZone)}.csv`,
    body: Readable.from(chunks(), { objectMode: false }),
  };
}
