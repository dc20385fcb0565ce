import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  csvCell,
  csvExport,
  csvFileName,
  csvHeaderLine,
  csvLine,
  formatCsvTime,
  zonedTitle,
} from './csv';

async function text(body: NodeJS.ReadableStream): Promise<string> {
  let all = '';
  for await (const chunk of body) all += String(chunk);
  return all;
}

/** Rows with ids n..1 (newest first), read the way the repos read them: after `belowId`. */
function source(total: number) {
  const calls: { belowId: number | undefined; limit: number }[] = [];
  const ids = Array.from({ length: total }, (_, i) => ({ id: total - i }));
  return {
    calls,
    readBatch: async (belowId: number | undefined, limit: number) => {
      calls.push({ belowId, limit });
      return ids.filter((row) => belowId === undefined || row.id < belowId).slice(0, limit);
    },
    line: (row: { id: number }) => csvLine([String(row.id)]),
  };
}

describe('cells and lines', () => {
  it('quotes commas, quotes and line breaks, and guards formula-looking text only', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=cmd|" /c calc"!A1')).toBe(`"'=cmd|"" /c calc""!A1"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-3.00', false)).toBe('-3.00');
  });

  it('ends lines with CRLF and starts the header with the byte order mark', () => {
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
    expect(csvHeaderLine(['No.', 'Memo, text', '@who'])).toBe(`${CSV_BOM}No.,"Memo, text",'@who\r\n`);
  });

  it('writes times in the reader’s zone, an absent time as nothing, and dated file names', () => {
    const at = new Date('2026-11-21T16:05:09Z');
    expect(formatCsvTime(at, 'Asia/Shanghai')).toBe('2026-11-22 00:05:09');
    expect(formatCsvTime(at, 'America/New_York')).toBe('2026-11-21 11:05:09');
    expect(formatCsvTime(null, 'UTC')).toBe('');
    expect(csvFileName('orders', at, 'Asia/Shanghai')).toBe('orders-20261122.csv');
    expect(csvFileName('orders', at, 'UTC')).toBe('orders-20261121.csv');
    expect(zonedTitle('Time', 'UTC')).toBe('Time (UTC)');
  });
});

describe('csvExport', () => {
  it('streams the header and every row, reading keyset batches after the last row until one is short', async () => {
    const rows = source(5);
    const exported = await csvExport({ filename: 'x.csv', header: ['Id'], ...rows, batchSize: 2 });
    expect(exported.filename).toBe('x.csv');
    expect(await text(exported.body)).toBe(`${CSV_BOM}Id\r\n5\r\n4\r\n3\r\n2\r\n1\r\n`);
    expect(rows.calls).toEqual([
      { belowId: undefined, limit: 2 },
      { belowId: 4, limit: 2 },
      { belowId: 2, limit: 2 },
    ]);
  });

  it('stops at the row limit, asking only for what is left', async () => {
    const rows = source(10);
    const exported = await csvExport({
      filename: 'x.csv',
      header: ['Id'],
      ...rows,
      batchSize: 3,
      maxRows: 7,
    });
    const lines = (await text(exported.body)).split('\r\n');
    expect(lines.slice(1, -1)).toEqual(['10', '9', '8', '7', '6', '5', '4']);
    expect(rows.calls.map((call) => call.limit)).toEqual([3, 3, 1]);
  });

  it('reads the first batch before answering, so a failing query fails the call itself', async () => {
    const failing = csvExport({
      filename: 'x.csv',
      header: ['Id'],
      readBatch: () => Promise.reject(new Error('database down')),
      line: () => '',
    });
    await expect(failing).rejects.toThrow('database down');
  });

  it('writes just the header when nothing matches', async () => {
    const exported = await csvExport({ filename: 'x.csv', header: ['Id', 'Time'], ...source(0) });
    expect(await text(exported.body)).toBe(`${CSV_BOM}Id,Time\r\n`);
  });
});
