import { useState } from 'react';
import { exportFile } from '../../../lib/download';
import { exportFileName, localTimeZone, type BillFilterQuery } from '../bill-filter';

export const EXPORT_BILLS_URL = '/user/user_transactions/export';

/** POST /user/user_transactions/export (form-encoded): the filtered bills saved as CSV. */
export function exportBills(filter: BillFilterQuery): Promise<boolean> {
  return exportFile(EXPORT_BILLS_URL, { ...filter, time_zone: localTimeZone() }, exportFileName(new Date()));
}

/** The export with its running state (the download helper shows the overlay and any error). */
export function useExportBills() {
  const [exporting, setExporting] = useState(false);
  const run = async (filter: BillFilterQuery) => {
    setExporting(true);
    try {
      return await exportBills(filter);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportBills: run };
}
