/** CSV export helpers for integration tests: the form POST the web's export sends, and the file it answers. */
import { expect } from 'vitest';
import type { App } from '../src/app';
import { FORM_CONTENT_TYPE } from '../src/http/csv-reply';

type Response = Awaited<ReturnType<App['inject']>>;

/** POSTs `form` form-encoded to `url`, as the web's export does; without `headers`, anonymously. */
export function postForm(
  app: App,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(form).toString(),
    headers: { ...headers, 'content-type': FORM_CONTENT_TYPE },
  });
}

/** The CSV's lines without the BOM (the header line first). */
export const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

/** Checks `res` is a CSV download named `<prefix>-<day>.csv`, never cached, with a BOM for Excel. */
export function expectCsvFile(res: Response, prefix: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="${res.headers['download-filename']}"`,
  );
  expect(res.headers['download-filename']).toMatch(new RegExp(`^${prefix}-\\d{8}\\.csv$`));
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
}
