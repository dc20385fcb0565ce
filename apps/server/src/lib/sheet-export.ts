/**
 * Exports an operator list as CSV or XLSX from one description: the titles, the rows in keyset
 * batches and each row's cells. CSV goes through the shared streaming loop (lib/csv.ts); XLSX is
 * written by exceljs' streaming writer, batch by batch, so neither holds the whole list.
 */
import { PassThrough } from 'node:stream';
import { EXPORT_MAX_ROWS } from '@cloudbay/contracts';
import ExcelJS from 'exceljs';
import { csvCell, csvExport, csvLine, dayStamp, EXPORT_BATCH, type CsvExport } from './csv';

export type SheetFormat = 'csv' | 'xlsx';
export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface SheetSource<Row extends { id: number }> {
  /** `users` gives `users-20261126.xlsx`. */
  subject: string;
  format: SheetFormat;
  now: Date;
  timeZone: string;
  header: readonly string[];
  /** Rows after (`belowId` undefined: from the start) in export order, like CsvExportSource. */
  readBatch(belowId: number | undefined, limit: number): Promise<Row[]>;
  cells(row: Row): string[];
}

export async function sheetExport<Row extends { id: number }>(source: SheetSource<Row>): Promise<CsvExport> {
  const filename = `${source.subject}-${dayStamp(source.now, source.timeZone)}.${source.format}`;
  if (source.format === 'csv') {
    return csvExport({
      filename,
      header: source.header,
      readBatch: source.readBatch,
      line: (row) => csvLine(source.cells(row).map((cell) => csvCell(cell))),
    });
  }
  // The first batch before answering, so a failing query answers an error, not a broken file.
  const first = await source.readBatch(undefined, EXPORT_BATCH);
  const body = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useSharedStrings: false });
  const sheet = workbook.addWorksheet(source.subject);
  sheet.addRow([...source.header]).commit();
  void (async () => {
    let rows = first;
    let written = 0;
    while (rows.length > 0) {
      // Cells are strings, so a value starting with '=' stays text, never a formula.
      for (const row of rows) sheet.addRow(source.cells(row)).commit();
      written += rows.length;
      if (rows.length < EXPORT_BATCH || written >= EXPORT_MAX_ROWS) break;
      rows = await source.readBatch(rows.at(-1)!.id, Math.min(EXPORT_BATCH, EXPORT_MAX_ROWS - written));
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => body.destroy(error as Error));
  return { filename, body };
}

/** What an operator's export request settles: the format, the reader's language and zone, the time. */
export interface SheetRequest {
  format: SheetFormat;
  language: 'zh-CN' | 'en-US';
  timeZone: string;
  now: Date;
}

/**
 * `sheetExport` for one request: the titles in the reader's language, the request's format, zone
 * and time, so an export only describes its rows.
 */
export function sheetFor<Row extends { id: number }>(
  request: SheetRequest,
  source: Pick<SheetSource<Row>, 'subject' | 'readBatch' | 'cells'> & {
    titles: Record<SheetRequest['language'], readonly string[]>;
  },
): Promise<CsvExport> {
  const { titles, ...rest } = source;
  const { format, now, timeZone } = request;
  return sheetExport({ ...rest, format, now, timeZone, header: titles[request.language] });
}

/** RuoYi's status words in the reader's language, for exported cells. */
export const statusWord = (language: SheetRequest['language'], status: string) =>
  status === 'enabled'
    ? { 'zh-CN': '正常', 'en-US': 'Enabled' }[language]
    : { 'zh-CN': '停用', 'en-US': 'Disabled' }[language];
