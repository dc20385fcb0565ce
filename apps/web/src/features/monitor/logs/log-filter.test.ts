import { describe, expect, it } from 'vitest';
import { toLoginLogFilter, toOperLogFilter } from './log-filter';

describe('the log filters', () => {
  it('send trimmed text and chosen values only, under the API names', () => {
    expect(
      toOperLogFilter({ module: '  desktops ', email: ' ', businessType: 'delete', status: 'failure' }),
    ).toEqual({
      module: 'desktops',
      business_type: 'delete',
      status: 'failure',
    });
    expect(toLoginLogFilter({ ip: '10.0.', email: undefined, status: 'success' })).toEqual({
      ip: '10.0.',
      status: 'success',
    });
    expect(toOperLogFilter({})).toEqual({});
  });
});
