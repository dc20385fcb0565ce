/**
 * The HTTP side of CSV exports (spec §7 Files: "Export: POST with a form-encoded body; blob
 * answer"): the form body parser an export route needs and the file answer itself.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CsvExport } from '../lib/csv';
import { SHEET_CONTENT_TYPES, type SheetFormat, type SheetRequest } from '../lib/sheet-export';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * Lets the routes of `app`'s plugin read form bodies (repeated fields keep their last value). Only
 * plugins with an export call it, so the rest of the API keeps refusing forms; calling it twice in
 * one plugin is harmless.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  if (app.hasContentTypeParser(FORM_CONTENT_TYPE)) return;
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** An export body's filters apart from the zone its times are written in (UTC unless given). */
export function exportSettings<T extends { time_zone?: string }>(body: T) {
  const { time_zone: timeZone = 'UTC', ...filter } = body;
  return { filter, timeZone };
}

/**
 * Answers the CSV as a download: never cached (it holds the customer's money history), the name in
 * `content-disposition` and in `download-filename`, which the web's download helper reads.
 */
export function sendCsv(reply: FastifyReply, exported: CsvExport) {
  return sendDownload(reply, exported, 'text/csv; charset=utf-8');
}

/** Any exported file (CSV, XLSX) as a download, with the headers {@link sendCsv} describes. */
export function sendDownload(
  reply: FastifyReply,
  exported: { filename: string; body: CsvExport['body'] | Buffer },
  contentType: string,
) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${exported.filename}"`)
    .header('download-filename', exported.filename)
    .header('cache-control', 'no-store')
    .send(exported.body);
}

/**
 * An XLSX/CSV export route's answer: the body's format and time zone taken apart from its filters,
 * the sheet `make` writes for the reader's language at `now`, sent as a download.
 */
export async function sendSheet<B extends { format: SheetFormat; time_zone?: string }>(
  reply: FastifyReply,
  body: B,
  reader: Pick<SheetRequest, 'language' | 'now'>,
  make: (filters: Omit<B, 'format' | 'time_zone'>, request: SheetRequest) => Promise<CsvExport>,
) {
  const { filter, timeZone } = exportSettings(body);
  const { format, ...filters } = filter as Omit<B, 'time_zone'> & { format: SheetFormat };
  const exported = await make(filters as Omit<B, 'format' | 'time_zone'>, { ...reader, format, timeZone });
  return sendDownload(reply, exported, SHEET_CONTENT_TYPES[format]);
}
