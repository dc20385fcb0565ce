import { useCsvExport } from '../../../lib/csv-export';
import type { OrderFilterQuery } from '../order-filter';

export const EXPORT_ORDERS_URL = '/user/order/export';

/** POST /user/order/export (form-encoded): the filtered orders saved as `orders-<day>.csv`. */
export function useExportOrders() {
  return useCsvExport<OrderFilterQuery>(EXPORT_ORDERS_URL, 'orders');
}
