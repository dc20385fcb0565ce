/**
 * The operators' list exports: the list's filters, the reader's time zone and the format (XLSX by
 * default, as RuoYi exports; CSV on request), saved under the name the server gives.
 */
import { useState } from 'react';
import type { QueryObject } from '../../lib/request';

export type SheetFormat = 'xlsx' | 'csv';

function fileName(prefix: string, format: SheetFormat, now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}.${format}`;
}

/** The export of one list with its running state; `exportCsv` is the RecordList's name for it. */
export function useSheetExport<F extends object>(url: string, prefix: string) {
  const [exporting, setExporting] = useState(false);
  const run = async (filter: Partial<F>, format: SheetFormat = 'xlsx') => {
    setExporting(true);
    try {
      // Loaded at the click: the lists' first loads carry none of the export code.
      const [{ exportFile }, { localTimeZone }] = await Promise.all([
        import('../../lib/download'),
        import('../../lib/csv-export'),
      ]);
      const params = { ...(filter as QueryObject), format, time_zone: localTimeZone() };
      return await exportFile(url, params, fileName(prefix, format));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv: (filter: Partial<F>) => run(filter, 'xlsx'), exportAs: run };
}
