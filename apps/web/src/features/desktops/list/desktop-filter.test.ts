import { describe, expect, it } from 'vitest';
import { testDay } from '../../../test/picked-day';
import { toDesktopFilter } from './desktop-filter';

describe('toDesktopFilter', () => {
  it('maps every field to its API name, the name trimmed and the expiry days as local instants', () => {
    expect(
      toDesktopFilter({
        name: '  design ',
        status: 'shutdown',
        regionId: 5,
        billingMethod: 'subscription',
        range: [testDay('2026-12-01'), testDay('2026-12-31')],
      }),
    ).toEqual({
      name: 'design',
      status: 'shutdown',
      region_id: 5,
      billing_method: 'subscription',
      expire_from: '2026-12-01T00:00:00.000+08:00',
      expire_to: '2026-12-31T23:59:59.999+08:00',
    });
  });

  it('leaves out what is not set, including a blank name and an open end', () => {
    expect(toDesktopFilter({ name: '   ', range: null })).toEqual({});
    expect(toDesktopFilter({ range: [null, testDay('2026-12-31')] })).toEqual({
      expire_to: '2026-12-31T23:59:59.999+08:00',
    });
  });
});
