/** The operators' catalogue edits as tests make them (PUT /api/business/catalog/<path>). */
import { expect } from 'vitest';
import type { App } from '../src/app';

/** One edit, answered as it comes (for refusals). */
export function catalogPut(
  app: App,
  headers: Record<string, string>,
  path: string,
  payload: unknown,
  language = 'en-US',
) {
  return app.inject({
    method: 'PUT',
    url: `/api/business/catalog/${path}`,
    headers: { ...headers, 'accept-language': language },
    payload: payload as object,
  });
}

/** One edit that must be saved: answers the row as saved. */
export async function catalogSaved(
  app: App,
  headers: Record<string, string>,
  path: string,
  payload: unknown,
) {
  const res = await catalogPut(app, headers, path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
