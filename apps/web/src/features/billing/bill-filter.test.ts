import { describe, expect, it } from 'vitest';
import { testDay } from '../../test/picked-day';
import { toBillFilter } from './bill-filter';

describe('toBillFilter', () => {
  it('sends the types and local whole days as instants with their offset', () => {
    expect(
      toBillFilter({
        expenseType: 'topup',
        amountType: 'income',
        range: [testDay('2026-11-01'), testDay('2026-11-22')],
      }),
    ).toEqual({
      expense_type: 'topup',
      amount_type: 'income',
      begin_time: '2026-11-01T00:00:00.000+08:00',
      end_time: '2026-11-22T23:59:59.999+08:00',
    });
  });

  it('leaves out what is not set', () => {
    expect(toBillFilter({})).toEqual({});
  });
});
