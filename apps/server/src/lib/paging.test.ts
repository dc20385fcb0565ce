import { describe, expect, it } from 'vitest';
import { offsetOf, pageInSql, pageOf } from './paging';

describe('paging', () => {
  it('skips the pages before the one asked for', () => {
    expect(offsetOf({ page: 1, limit: 20 })).toBe(0);
    expect(offsetOf({ page: 3, limit: 20 })).toBe(40);
  });

  it('answers the page asked for with its items and the total', async () => {
    expect(pageOf(['a'], 7, { page: 2, limit: 5 })).toEqual({ list: ['a'], total: 7, page: 2, limit: 5 });
    const asked: Array<{ offset: number; limit: number }> = [];
    const page = await pageInSql(
      { page: 2, limit: 2 },
      {
        rows: async (slice) => (asked.push(slice), [3, 4]),
        count: async () => 5,
        item: (n: number) => `#${n}`,
      },
    );
    expect(asked).toEqual([{ offset: 2, limit: 2 }]);
    expect(page).toEqual({ list: ['#3', '#4'], total: 5, page: 2, limit: 2 });
  });
});
