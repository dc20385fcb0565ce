import { describe, expect, it } from 'vitest';
import { testDay } from '../test/picked-day';
import { isFiltered, toTimeWindow } from './date-range';

describe('toTimeWindow', () => {
  it('sends local whole days as instants with their offset', () => {
    expect(toTimeWindow([testDay('2026-11-01'), testDay('2026-11-22')])).toEqual({
      begin_time: '2026-11-01T00:00:00.000+08:00',
      end_time: '2026-11-22T23:59:59.999+08:00',
    });
  });

  it('leaves out an open end, and everything without a range', () => {
    expect(toTimeWindow([null, testDay('2026-11-22')])).toEqual({
      end_time: '2026-11-22T23:59:59.999+08:00',
    });
    expect(toTimeWindow(null)).toEqual({});
    expect(toTimeWindow(undefined)).toEqual({});
  });
});

describe('isFiltered', () => {
  it('is true once any filter has a value', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ status: undefined, no: '' })).toBe(false);
    expect(isFiltered({ amount_type: 'expense' })).toBe(true);
  });
});
