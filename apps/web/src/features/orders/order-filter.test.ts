import { describe, expect, it } from 'vitest';
import { testDay } from '../../test/picked-day';
import { toOrderFilter } from './order-filter';

describe('toOrderFilter', () => {
  it('maps every field to its API name, the number trimmed and the days as local instants', () => {
    expect(
      toOrderFilter({
        no: '  CB2026 ',
        type: 'desktop',
        status: 'paid',
        resourceStatus: 'creation_failed',
        range: [testDay('2026-11-01'), testDay('2026-11-22')],
      }),
    ).toEqual({
      no: 'CB2026',
      type: 'desktop',
      status: 'paid',
      resource_status: 'creation_failed',
      begin_time: '2026-11-01T00:00:00.000+08:00',
      end_time: '2026-11-22T23:59:59.999+08:00',
    });
  });

  it('leaves out what is not set, including a blank number', () => {
    expect(toOrderFilter({ no: '   ', range: null })).toEqual({});
  });
});
