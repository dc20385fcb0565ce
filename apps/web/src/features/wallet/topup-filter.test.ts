import { describe, expect, it } from 'vitest';
import { testDay } from '../../test/picked-day';
import { toTopupFilter } from './topup-filter';

describe('toTopupFilter', () => {
  it('maps status, pay type and the local days to the API names', () => {
    expect(
      toTopupFilter({ status: 2, payType: 1, range: [testDay('2026-11-01'), testDay('2026-11-22')] }),
    ).toEqual({
      status: 2,
      pay_type: 1,
      begin_time: '2026-11-01T00:00:00.000+08:00',
      end_time: '2026-11-22T23:59:59.999+08:00',
    });
  });

  it('leaves out what is not set', () => {
    expect(toTopupFilter({ range: null })).toEqual({});
  });
});
