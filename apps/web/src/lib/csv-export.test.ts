import { describe, expect, it, vi } from 'vitest';
import type * as DownloadModule from './download';
import { csvFileName, exportCsv, localTimeZone } from './csv-export';

const { exportFile } = vi.hoisted(() => ({ exportFile: vi.fn(() => Promise.resolve(true)) }));
vi.mock('./download', async (original) => ({ ...(await original<typeof DownloadModule>()), exportFile }));

describe('csvFileName', () => {
  it('names the file after the prefix and the local day', () => {
    expect(csvFileName('bills', new Date(2026, 0, 5, 23, 59))).toBe('bills-20260105.csv');
    expect(csvFileName('orders', new Date(2026, 10, 22, 0, 0))).toBe('orders-20261122.csv');
  });
});

describe('exportCsv', () => {
  it('posts the filters with the reader’s time zone and saves a dated file', async () => {
    await expect(exportCsv('/orders/export', 'topups', { status: 2 })).resolves.toBe(true);
    expect(exportFile).toHaveBeenCalledWith(
      '/orders/export',
      { status: 2, time_zone: localTimeZone() },
      expect.stringMatching(/^topups-\d{8}\.csv$/),
    );
    expect(localTimeZone()).not.toBe('');
  });
});
