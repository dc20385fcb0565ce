import { useCsvExport } from '../../../lib/csv-export';
import type { TopupFilterQuery } from '../topup-filter';

export const EXPORT_TOPUPS_URL = '/orders/export';

/** POST /orders/export (form-encoded): the filtered top-up records saved as `topups-<day>.csv`. */
export function useExportTopups() {
  return useCsvExport<TopupFilterQuery>(EXPORT_TOPUPS_URL, 'topups');
}
