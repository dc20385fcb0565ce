import { describe, expect, it } from 'vitest';
import { exportFileName, isFiltered, toBillFilter, type PickedDay } from './bill-filter';

/** A picked day that records how it was converted. */
function day(date: string): PickedDay {
  const at = (time: string): PickedDay => ({
    startOf: () => at('00:00:00.000'),
    endOf: () => at('23:59:59.999'),
    format: (template) => (template.includes('HH') ? `${date}T${time}+08:00` : date),
  });
  return at('12:34:56.000');
}

describe('toBillFilter', () => {
  it('sends local whole days as instants with their offset', () => {
    expect(
      toBillFilter({
        expenseType: 'topup',
        amountType: 'income',
        range: [day('2026-11-01'), day('2026-11-22')],
      }),
    ).toEqual({
      expense_type: 'topup',
      amount_type: 'income',
      begin_time: '2026-11-01T00:00:00.000+08:00',
      end_time: '2026-11-22T23:59:59.999+08:00',
    });
  });

  it('leaves out what is not set, including an open end of the range', () => {
    expect(toBillFilter({})).toEqual({});
    expect(toBillFilter({ range: [null, day('2026-11-22')] })).toEqual({
      end_time: '2026-11-22T23:59:59.999+08:00',
    });
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ amount_type: 'expense' })).toBe(true);
  });
});

describe('exportFileName', () => {
  it('names the file after the local day', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('bills-20260105.csv');
  });
});
