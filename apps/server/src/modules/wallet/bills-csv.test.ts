import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvHeaderLine, dayStamp, formatCsvTime } from '../../lib/csv';
import { timeRange } from '../../lib/time-window';
import { billCsvTitles, csvRow } from './bills-csv';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps text from running as a spreadsheet formula, but not numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.50', false)).toBe('-12.50');
  });
});

describe('CSV rows', () => {
  const at = new Date('2026-11-21T16:05:09Z');

  it('writes times and file days in the reader’s zone', () => {
    expect(formatCsvTime(at, 'Asia/Shanghai')).toBe('2026-11-22 00:05:09');
    expect(formatCsvTime(at, 'UTC')).toBe('2026-11-21 16:05:09');
    expect(dayStamp(at, 'Asia/Shanghai')).toBe('20261122');
  });

  it('starts with the byte order mark and a translated header', () => {
    const header = (language: 'en-US' | 'zh-CN') => csvHeaderLine(billCsvTitles(language, 'UTC'));
    expect(header('en-US').startsWith(`${CSV_BOM}Bill ID,Time (UTC),`)).toBe(true);
    expect(header('zh-CN')).toContain('账单编号,时间 (UTC),费用类型');
  });

  it('writes one bill per CRLF line', () => {
    const row = csvRow(
      {
        id: 7,
        createdAt: at,
        expenseLabel: 'Purchase',
        amountType: 'expense',
        amount: '-1.00',
        balance: '9.00',
        relatedType: null,
        relatedNo: null,
        memo: null,
      },
      'en-US',
      'UTC',
    );
    expect(row).toBe('7,2026-11-21 16:05:09,Purchase,Expense,-1.00,9.00,,,\r\n');
  });
});

describe('timeRange', () => {
  it('takes days as whole UTC days and an end instant inclusively', () => {
    expect(timeRange({ begin_time: '2026-11-01', end_time: '2026-11-02' })).toEqual({
      from: new Date('2026-11-01T00:00:00Z'),
      before: new Date('2026-11-03T00:00:00Z'),
    });
    expect(timeRange({ end_time: '2026-11-02T23:59:59.999+08:00' })).toEqual({
      from: undefined,
      before: new Date('2026-11-02T16:00:00Z'),
    });
  });
});
