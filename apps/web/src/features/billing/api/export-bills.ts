import { useCsvExport } from '../../../lib/csv-export';
import type { BillFilterQuery } from '../bill-filter';

export const EXPORT_BILLS_URL = '/user/user_transactions/export';

/** POST /user/user_transactions/export (form-encoded): the filtered bills saved as `bills-<day>.csv`. */
export function useExportBills() {
  return useCsvExport<BillFilterQuery>(EXPORT_BILLS_URL, 'bills');
}
