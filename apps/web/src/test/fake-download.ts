/**
 * The download helper's export, recorded instead of saved. Test files of pages with an export swap
 * it in with
 *
 *   vi.mock('../lib/download', (original) => import('../test/fake-download').then((m) => m.withFakeExport(original)));
 *
 * (the path as seen from the test file) and check what was exported with `expectExported`.
 */
import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type * as DownloadModule from '../lib/download';

export const exportFile = vi.fn<typeof DownloadModule.exportFile>(() => Promise.resolve(true));

/** The download module with `exportFile` recorded (for `vi.mock`). */
export async function withFakeExport(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as typeof DownloadModule;
  return { ...actual, exportFile };
}

/** Waits for the one export, then checks it posted `filter` (and the time zone) and named the file `<prefix>-<day>.csv`. */
export async function expectExported(url: string, filter: Record<string, unknown>, prefix: string) {
  await waitFor(() => expect(exportFile).toHaveBeenCalledTimes(1));
  expect(exportFile).toHaveBeenCalledWith(
    url,
    { ...filter, time_zone: expect.any(String) },
    expect.stringMatching(new RegExp(`^${prefix}-\\d{8}\\.csv$`)),
  );
}
