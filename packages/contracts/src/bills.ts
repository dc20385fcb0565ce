/** Bills: the customer's wallet history (spec §3 Bill or transaction, §7 /user/user_transactions). */
import { z } from 'zod';
import { BILL_AMOUNT_TYPES, BILL_RELATED_TYPES } from './bill-constants';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { BILL_EXPENSE_TYPES } from './statuses';

/** An untouched form field arrives as '' (or is left out): both mean "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A day (`2026-11-22`, the whole UTC day) or an instant with its offset (`2026-11-22T00:00:00+08:00`). */
const timeBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: ErrorCode.VALIDATION_FAILED,
});

/** The filters shared by the list and the export. */
export const billFilter = z.object({
  expense_type: optional(z.enum(BILL_EXPENSE_TYPES)),
  amount_type: optional(z.enum(BILL_AMOUNT_TYPES)),
  /** From this day or instant on (inclusive). */
  begin_time: optional(timeBound),
  /** Up to this day (through its end) or instant (inclusive). */
  end_time: optional(timeBound),
});
export type BillFilter = z.infer<typeof billFilter>;

/** GET /user/user_transactions. */
export const billListQuery = pageQuery.extend(billFilter.shape);
export type BillListQuery = z.input<typeof billListQuery>;

/** GET /user/user_transactions/{id}. */
export const billIdParams = z.object({ id: z.coerce.number().int().positive() });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** POST /user/user_transactions/export (form-encoded): the filters and the zone to write times in. */
export const billExportBody = billFilter.extend({
  /** IANA time zone of the reader, e.g. 'Asia/Shanghai'; UTC when absent. */
  time_zone: optional(z.string().max(64).refine(isTimeZone, ErrorCode.VALIDATION_FAILED)),
});
export type BillExportBody = z.input<typeof billExportBody>;

/** One movement of the customer's wallet. */
export const billSchema = z.object({
  /** The ledger entry's id. */
  id: z.number().int(),
  transaction_id: z.number().int(),
  /** Signed dollars: "25.00" in, "-12.50" out. */
  amount: z.string(),
  amount_type: z.enum(BILL_AMOUNT_TYPES),
  /** The ledger kind (dictionary `bill_expense_type`). */
  expense_type: z.enum(BILL_EXPENSE_TYPES),
  /** What `related_no` names; null without one. */
  related_type: z.enum(BILL_RELATED_TYPES).nullable(),
  related_no: z.string().nullable(),
  /** The wallet balance right after, in dollars. */
  balance: z.string(),
  memo: z.string().nullable(),
  created_at: z.string(),
});
export type Bill = z.infer<typeof billSchema>;
export const billPageSchema = pageOf(billSchema);
export type BillPage = z.infer<typeof billPageSchema>;
