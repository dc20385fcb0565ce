/** Bills: the customer's wallet history (spec §3 Bill or transaction, §7 /user/user_transactions). */
import { z } from 'zod';
import { BILL_AMOUNT_TYPES, BILL_RELATED_TYPES } from './bill-constants';
import { pageOf, pageQuery } from './envelope';
import { exportOptions, optional, timeWindow } from './filters';
import { BILL_EXPENSE_TYPES } from './statuses';

/** The filters shared by the list and the export. */
export const billFilter = z.object({
  expense_type: optional(z.enum(BILL_EXPENSE_TYPES)),
  amount_type: optional(z.enum(BILL_AMOUNT_TYPES)),
  ...timeWindow.shape,
});
export type BillFilter = z.infer<typeof billFilter>;

/** GET /user/user_transactions. */
export const billListQuery = pageQuery.extend(billFilter.shape);
export type BillListQuery = z.input<typeof billListQuery>;

/** GET /user/user_transactions/{id}. */
export const billIdParams = z.object({ id: z.coerce.number().int().positive() });

/** POST /user/user_transactions/export (form-encoded): the filters and the zone to write times in. */
export const billExportBody = billFilter.extend(exportOptions.shape);
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
