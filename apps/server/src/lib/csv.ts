/**
 * CSV exports (spec §7 Files: a form POST answered with a file): RFC 4180 text (quoted where
 * needed, CRLF lines), UTF-8 with a byte order mark so that Excel opens Chinese text correctly, and
 * the streaming loop every export shares (bills, orders, top-up records).
 */
import { Readable } from 'node:stream';
import { EXPORT_MAX_ROWS } from '@cloudbay/contracts';
import { formatDollars } from './money';

export const CSV_BOM = '\uFEFF';

/** Rows read per query while exporting. */
export const EXPORT_BATCH = 1_000;

/**
 * A cell: quoted when it holds a comma, quote or line break. Text that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR first) gets a leading apostrophe, so a memo cannot become a formula;
 * numbers we wrote ourselves (`isText` false) keep their sign.
 */
export function csvCell(value: string, isText = true): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells that are already {@link csvCell}-escaped. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}

/** The first line of a file: the byte order mark and the column titles. */
export function csvHeaderLine(titles: readonly string[]): string {
  return CSV_BOM + csvLine(titles.map((title) => csvCell(title)));
}

function parts(date: Date, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** `2026-11-22 16:05:09` in `timeZone`; an absent time is an empty cell. */
export function formatCsvTime(date: Date | null | undefined, timeZone: string): string {
  if (!date) return '';
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `20261122`: the day in `timeZone`, for the file name. */
export function dayStamp(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.year}${p.month}${p.day}`;
}

/** A time column's title names the zone its times are written in: `Time (Asia/Shanghai)`. */
export function zonedTitle(title: string, timeZone: string): string {
  return `${title} (${timeZone})`;
}

/** An export's column titles in column order; the time columns name the zone their times are in. */
export function csvTitles<Column extends string>(
  columns: readonly Column[],
  titles: Record<Column, string>,
  timeColumns: ReadonlySet<Column>,
  timeZone: string,
): string[] {
  return columns.map((column) =>
    timeColumns.has(column) ? zonedTitle(titles[column], timeZone) : titles[column],
  );
}

/** A money cell: micro-dollars as dollars, a number we wrote, so its sign is kept. */
export function csvMoney(micros: bigint): string {
  return csvCell(formatDollars(micros), false);
}

/** `orders-20261122.csv`: what was exported and the day it was, in the reader's zone. */
export function csvFileName(subject: string, now: Date, timeZone: string): string {
  return `${subject}-${dayStamp(now, timeZone)}.csv`;
}

export interface CsvExport {
  filename: string;
  body: Readable;
}

export interface CsvExportSource<Row extends { id: number }> {
  filename: string;
  /** Column titles, in the reader's language. */
  header: readonly string[];
  /**
   * The next `limit` rows after the row `belowId` in export order (from the start when undefined):
   * keyset paging, so a long export reads each batch straight off an index instead of skipping
   * ever more rows.
   */
  readBatch(belowId: number | undefined, limit: number): Promise<Row[]>;
  /** One row as a CSV line ({@link csvLine}). */
  line(row: Row): string;
  /** Rows written at most (newest first, so the oldest are left out); EXPORT_MAX_ROWS by default. */
  maxRows?: number;
  batchSize?: number;
}

/**
 * A CSV file streamed batch by batch. The first batch is read before answering, so a failing query
 * still answers an error instead of a cut-off file; later batches are read as the client takes the
 * text, so a large export never sits in memory.
 */
export async function csvExport<Row extends { id: number }>(
  source: CsvExportSource<Row>,
): Promise<CsvExport> {
  const { readBatch, line, maxRows = EXPORT_MAX_ROWS, batchSize = EXPORT_BATCH } = source;
  const first = await readBatch(undefined, Math.min(batchSize, maxRows));

  async function* chunks() {
    yield csvHeaderLine(source.header);
    let rows = first;
    let written = 0;
    while (rows.length > 0) {
      yield rows.map(line).join('');
      written += rows.length;
      const left = maxRows - written;
      if (rows.length < batchSize || left <= 0) return;
      rows = await readBatch(rows.at(-1)!.id, Math.min(batchSize, left));
    }
  }

  return { filename: source.filename, body: Readable.from(chunks(), { objectMode: false }) };
}
