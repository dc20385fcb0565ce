import { describe, expect, it } from 'vitest';
import { toBizOrderFilter } from './order-filter';

describe('toBizOrderFilter', () => {
  it('keeps the customer, the amount bounds and the customer-side filters', () => {
    expect(
      toBizOrderFilter({
        no: ' od12 ',
        email: ' Ann@Example.com ',
        amountMin: '1.5',
        amountMax: '20',
        type: 'desktop',
      }),
    ).toEqual({ no: 'od12', email: 'ann@example.com', amount_min: '1.5', amount_max: '20', type: 'desktop' });
  });

  it('drops amounts that are not dollar amounts', () => {
    expect(toBizOrderFilter({ amountMin: 'abc', amountMax: '1.234' })).toEqual({});
  });
});
