/**
 * CSV exports of lists (spec §7 Files: a form-encoded POST answered with a blob): the list's
 * filters plus the reader's time zone, saved as `<prefix>-<local day>.csv` as the server names it.
 */
import { useState } from 'react';
import type { QueryObject } from './request';

/** `bills-20261122.csv` for the reader's local day. */
export function csvFileName(prefix: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}.csv`;
}

/** The reader's IANA time zone, so the exported times read as the screen shows them. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * POSTs `filter` and the time zone to `url` and saves the answer (the helper shows the overlay and any
 * error). The download helper loads with the first export: no list's first load needs it.
 */
export async function exportCsv(url: string, fileNamePrefix: string, filter: QueryObject): Promise<boolean> {
  const { exportFile } = await import('./download');
  return exportFile(url, { ...filter, time_zone: localTimeZone() }, csvFileName(fileNamePrefix, new Date()));
}

/** The export of one list with its running state, for the export button. */
export function useCsvExport<F extends object>(url: string, fileNamePrefix: string) {
  const [exporting, setExporting] = useState(false);
  const run = async (filter: F) => {
    setExporting(true);
    try {
      return await exportCsv(url, fileNamePrefix, filter as QueryObject);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv: run };
}
