import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { PriceQuote } from '@cloudbay/contracts';
import { RenewalPeriodPicker, RenewalPeriodsFailed, RenewalPriceSummary } from './renewal-quote';

const quote = (discountAmount: string): PriceQuote => ({
  billing_method: 'subscription',
  period: 3,
  quantity: 1,
  unit_price: '10.00',
  hourly_price: '0.020',
  original_price: '30.00',
  discount: discountAmount === '0.00' ? 1 : 0.9,
  discount_amount: discountAmount,
  payable_price: discountAmount === '0.00' ? '30.00' : '27.00',
  min_balance: '30.00',
});

describe('RenewalPriceSummary', () => {
  it('shows the list price and discount only when the quote has one, in the namespace given', () => {
    const { rerender } = render(
      <RenewalPriceSummary
        ns="phones"
        expiresAt={null}
        period={3}
        quote={quote('3.00')}
        balance="12.50"
        loading={false}
        testId="summary"
      />,
    );
    const summary = screen.getByTestId('summary');
    expect(summary.textContent).toContain('原价$30.00');
    expect(summary.textContent).toContain('优惠−$3.00');
    expect(summary.textContent).toContain('账户余额$12.50');
    expect(summary.textContent).toContain('当前到期时间—');
    expect(screen.getByTestId('summary-due').textContent).toBe('$27.00');

    rerender(
      <RenewalPriceSummary
        ns="desktops"
        expiresAt={null}
        period={undefined}
        quote={quote('0.00')}
        balance={undefined}
        loading={false}
        testId="summary"
      />,
    );
    expect(summary.textContent).not.toContain('原价');
    expect(summary.textContent).toContain('续费后到期—');
    expect(summary.textContent).toContain('账户余额$0.00');
    expect(screen.getByTestId('summary-due').textContent).toBe('$30.00');
  });

  it('shows no amount due while the quote loads', () => {
    render(
      <RenewalPriceSummary
        ns="phones"
        expiresAt={null}
        period={1}
        quote={undefined}
        balance="1.00"
        loading
        testId="summary"
      />,
    );
    expect(screen.queryByTestId('summary-due')).toBeNull();
  });
});

describe('RenewalPeriodPicker', () => {
  it('labels each term its product’s way, tags its off-rate and reports the choice', () => {
    const onChange = vi.fn();
    render(
      <RenewalPeriodPicker
        ns="desktops"
        term={{
          offers: [
            { period: 1, discount: 1 },
            { period: 12, discount: 0.95 },
          ],
          period: 1,
          choose: onChange,
        }}
        periodLabel={(months) => `${months}m`}
        testId="renew"
      />,
    );
    expect(screen.getByTestId('renew-period-1').textContent).toBe('1m');
    expect(screen.getByTestId('renew-period-12').textContent).toBe('12m9.5折');
    fireEvent.click(screen.getByTestId('renew-period-12'));
    expect(onChange).toHaveBeenCalledWith(12);
  });
});

describe('RenewalPeriodsFailed', () => {
  it('asks for the terms again', () => {
    const onRetry = vi.fn();
    render(<RenewalPeriodsFailed ns="phones" onRetry={onRetry} retrying={false} testId="renew" />);
    fireEvent.click(screen.getByRole('button'));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('renew-periods-failed').textContent).toContain('续费时长加载失败');
  });
});
