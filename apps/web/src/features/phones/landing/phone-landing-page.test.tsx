import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PhoneSpecItem } from '@cloudbay/contracts';
import { phRegions } from '../../../lib/regions';
import { setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { serveSession, testUser } from '../../../test/fixtures';
import { envelope } from '../../../test/mock-adapter';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

function spec(specId: string, name: string, price: string, hourly: string): PhoneSpecItem {
  return {
    id: 1,
    spec_id: specId,
    name,
    name_zh: name,
    name_en: name,
    cpu: 2,
    memory: 4,
    disk: 32,
    resolution: '720x1280',
    price,
    hourly_price: hourly,
  };
}

const region = (id: number, name: string) => ({
  id,
  wy_region_id: `r-${id}`,
  name,
  name_zh: name,
  name_en: name,
});

/** The public catalogue: prices per region (Singapore × 1, Frankfurt × 1.1), 12 months at 0.8. */
function serveCatalogue() {
  fakeApi.ok('GET', '/ph/regions', [region(1, '新加坡'), region(2, '法兰克福')]);
  fakeApi.on('GET', '/ph/spec', (request) => ({
    data: envelope(
      request.query.region_id === 2
        ? [spec('ph.basic', '基础型', '16.50', '0.039')]
        : [spec('ph.basic', '基础型', '15.00', '0.035'), spec('ph.pro', '专业型', '30.00', '0.069')],
    ),
  }));
  fakeApi.on('GET', '/ph/ph_price', (request) => {
    const monthly = request.query.spec_id === 'ph.pro' ? 30 : 15;
    const original = (monthly * 12).toFixed(2);
    const payable = (monthly * 12 * 0.8).toFixed(2);
    return {
      data: envelope({
        billing_method: 'subscription',
        period: 12,
        quantity: 1,
        unit_price: monthly.toFixed(2),
        hourly_price: '0.035',
        original_price: original,
        discount: 0.8,
        discount_amount: (Number(original) - Number(payable)).toFixed(2),
        payable_price: payable,
        min_balance: '0.00',
      }),
    };
  });
  fakeApi.ok('GET', '/ph/unit_price', {
    eip_bandwidth_price: '2.80',
    phone_network_price: '5.60',
    backup_space_price: '0.014',
    traffic_price: '0.077',
    items: [
      { key: 'eip_bandwidth_mbps_month', price: '2.80', unit: 'Mbps/月' },
      { key: 'traffic_gb', price: '0.077', unit: 'GB' },
    ],
  });
}

const cards = () => screen.getAllByTestId('landing-spec');

beforeEach(() => phRegions.reset());

describe('PhoneLandingPage', { timeout: 20_000 }, () => {
  it('opens without a session and shows the catalogue prices, asking without a token', async () => {
    serveCatalogue();
    const { router } = renderApp('/phone');
    await screen.findByTestId('page-phone-landing');
    expect(router.state.location.pathname).toBe('/phone');
    await waitFor(() => expect(cards()).toHaveLength(2));

    const basic = within(cards()[0]!);
    expect(basic.getByTestId('landing-spec-name').textContent).toBe('基础型');
    expect(basic.getByTestId('landing-spec-price').textContent).toBe('$15.00');
    expect(basic.getByTestId('landing-spec-hourly').textContent).toBe('按量 $0.035 / 小时');
    expect((await basic.findByTestId('landing-spec-term')).textContent).toContain('包 12 个月约 $12.00 / 月');
    expect(basic.getByTestId('landing-spec-term').textContent).toContain('8折');
    expect(within(cards()[1]!).getByTestId('landing-spec-price').textContent).toBe('$30.00');
    expect((await screen.findByTestId('landing-units')).textContent).toContain('$0.077 / GB');

    expect(fakeApi.requests('GET', '/ph/spec')[0]?.query).toEqual({ region_id: 1 });
    expect(fakeApi.requests('GET', '/ph/ph_price')[0]?.query).toMatchObject({
      billing_method: 'subscription',
      period: 12,
      quantity: 1,
    });
    // Open calls: nothing needs (or sends) a session.
    for (const request of fakeApi.requests()) expect(request.headers.authorization).toBeUndefined();
    expect(fakeApi.requests('GET', '/getInfo')).toHaveLength(0);
  });

  it('sends a visitor to the login, returning to the purchase', async () => {
    serveCatalogue();
    const { router } = renderApp('/phone');
    await screen.findByTestId('page-phone-landing');
    expect(screen.getByTestId('landing-buy').closest('a')?.getAttribute('href')).toBe(
      '/login?redirect=/phone/buyph',
    );
    expect(screen.getByTestId('landing-console').textContent).toBe('登 录');
    expect(router.state.location.pathname).toBe('/phone');
  });

  it('shows the prices of the region chosen', async () => {
    serveCatalogue();
    renderApp('/phone');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(screen.getByTestId('landing-regions')).getByText('法兰克福'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByTestId('landing-spec-price').textContent).toBe('$16.50');
    expect(fakeApi.requests('GET', '/ph/spec').at(-1)?.query).toEqual({ region_id: 2 });
  });

  it('sends a signed-in customer with cloud phones straight to the purchase page', async () => {
    serveCatalogue();
    setToken('tok');
    serveSession({ user: testUser({ ph_white_user: 1 }) });
    renderApp('/phone');
    await screen.findByTestId('page-phone-landing');
    await waitFor(() =>
      expect(screen.getByTestId('landing-buy').closest('a')?.getAttribute('href')).toBe('/phone/buyph'),
    );
    expect(screen.getByTestId('landing-console').textContent).toBe('进入控制台');
    expect(screen.queryByTestId('landing-closed')).toBeNull();
  });

  it('tells a signed-in customer without cloud phones, and offers no purchase', async () => {
    serveCatalogue();
    setToken('tok');
    serveSession({ user: testUser({ ph_white_user: 0 }) });
    renderApp('/phone');
    expect((await screen.findByTestId('landing-closed')).textContent).toContain('云手机暂未对您的账户开放');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByTestId('landing-buy')).toBeNull();
    expect(screen.queryByTestId('landing-spec-buy')).toBeNull();
    expect(screen.queryByTestId('landing-buy-bottom')).toBeNull();
    // The prices are still there to read.
    expect(within(cards()[0]!).getByTestId('landing-spec-price').textContent).toBe('$15.00');
  });
});
