import { describe, expect, it } from 'vitest';
import { toFilter } from './customer-filter';

describe('the customer search form as a filter', () => {
  it('trims text, drops empty fields and splits the sort into field and order', () => {
    expect(
      toFilter({ email: '  demo@ ', nickname: '   ', balanceMin: ' 10 ', sort: 'spent-desc', arrears: '1' }),
    ).toEqual({
      email: 'demo@',
      nickname: undefined,
      status: undefined,
      balanceMin: '10',
      balanceMax: undefined,
      arrears: '1',
      sort: 'spent',
      order: 'desc',
    });
  });

  it('leaves the sort to the server when none is chosen', () => {
    const filter = toFilter({ sort: undefined });
    expect(filter).not.toHaveProperty('sort');
    expect(filter).not.toHaveProperty('order');
    expect(toFilter({ sort: 'balance-asc' })).toMatchObject({ sort: 'balance', order: 'asc' });
  });
});
