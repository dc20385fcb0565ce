import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FreeResourceApplication } from '@cloudbay/contracts';
import { areaList } from '../../lib/regions';
import { setToken } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { serveSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

vi.mock('../../lib/request', (original) =>
  import('../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const region = (id: number, name: string) => ({
  id,
  wy_region_id: `r-${id}`,
  name,
  name_zh: name,
  name_en: name,
});

function serveOffer() {
  fakeApi.ok('GET', '/gift_offer', {
    trial_hours: 24,
    first_recharge_bonus_percent: '12.5',
    referral_reward_percent: '8',
  });
  fakeApi.ok('GET', '/describe_regions', [region(1, '香港'), region(2, '新加坡')]);
}

const application = (extra: Partial<FreeResourceApplication> = {}): FreeResourceApplication => ({
  id: 7,
  region_id: 1,
  contact_type: 'telegram',
  contact: '@me',
  remark: '',
  status: 'pending',
  reason: null,
  desktop_id: null,
  expires_at: null,
  created_at: '2026-11-26T08:00:00.000Z',
  reviewed_at: null,
  ...extra,
});

beforeEach(() => areaList.reset());

describe('GiftPage', { timeout: 20_000 }, () => {
  it('opens without a session, shows the offer from the settings and sends a visitor to sign in', async () => {
    serveOffer();
    const { router } = renderApp('/user/gif');
    await screen.findByTestId('page-gift');
    expect(router.state.location.pathname).toBe('/user/gif');
    await waitFor(() => expect(screen.getByTestId('gift-offer-bonus-figure').textContent).toBe('12.5%'));
    expect(screen.getByTestId('gift-offer-referral-figure').textContent).toBe('8%');
    expect(screen.getByTestId('gift-offer-trial').textContent).toContain('24 小时免费试用');
    expect(screen.getByTestId('gift-offer-referral').textContent).toContain('8% 返利');
    expect(screen.getByTestId('gift-login').closest('a')?.getAttribute('href')).toBe(
      '/login?redirect=/user/gif',
    );
    expect(screen.queryByTestId('gift-form')).toBeNull();
    for (const request of fakeApi.requests()) expect(request.headers.authorization).toBeUndefined();
    expect(fakeApi.requests('GET', '/user/free_resource_apply/latest')).toHaveLength(0);
  });

  it('lets a signed-in customer apply, refusing an empty contact, then shows the pending application', async () => {
    serveOffer();
    setToken('tok');
    serveSession();
    fakeApi.ok('GET', '/user/free_resource_apply/latest', null);
    fakeApi.ok('POST', '/user/free_resource_apply', application({ remark: 'for work' }));
    renderApp('/user/gif');
    const form = await screen.findByTestId('gift-form', undefined, { timeout: 10_000 });
    // The signed-in calls to action: top up, buy, and the referral page the third offer names.
    expect(screen.getByTestId('gift-referral').closest('a')?.getAttribute('href')).toBe('/user/pullnew');
    fireEvent.click(within(form).getByTestId('gift-submit'));
    expect(await within(form).findByText('申请试用请选择地域')).toBeTruthy();
    expect(await within(form).findByText('请填写联系方式（即时通讯账号）')).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/free_resource_apply')).toHaveLength(0);

    fireEvent.mouseDown(within(screen.getByTestId('gift-region')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('新加坡'));
    fireEvent.change(within(form).getByTestId('gift-contact'), { target: { value: ' @me ' } });
    fireEvent.change(within(form).getByTestId('gift-remark'), { target: { value: 'for work' } });
    fireEvent.click(within(form).getByTestId('gift-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', '/user/free_resource_apply')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/user/free_resource_apply')[0]?.body).toEqual({
      region_id: 2,
      contact_type: 'telegram',
      contact: '@me',
      remark: 'for work',
    });
    expect((await screen.findByTestId('gift-status')).textContent).toBe('待审核');
    expect(screen.queryByTestId('gift-form')).toBeNull();
  });

  it('shows a rejection’s reason and lets the customer apply again', async () => {
    serveOffer();
    setToken('tok');
    serveSession();
    fakeApi.ok(
      'GET',
      '/user/free_resource_apply/latest',
      application({ status: 'rejected', reason: '联系方式无法核实' }),
    );
    renderApp('/user/gif');
    expect((await screen.findByTestId('gift-status')).textContent).toBe('已驳回');
    expect(screen.getByTestId('gift-status-text').textContent).toBe('原因：联系方式无法核实');
    expect(await screen.findByTestId('gift-form', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows an approved trial’s desktop and offers no second application', async () => {
    serveOffer();
    setToken('tok');
    serveSession();
    fakeApi.ok(
      'GET',
      '/user/free_resource_apply/latest',
      application({ status: 'approved', desktop_id: 'dt-abc', expires_at: '2026-11-27T08:00:00.000Z' }),
    );
    renderApp('/user/gif');
    expect((await screen.findByTestId('gift-status')).textContent).toBe('已通过');
    expect(screen.getByTestId('gift-status-text').textContent).toContain('dt-abc');
    expect(screen.getByTestId('gift-open-desktops').closest('a')?.getAttribute('href')).toBe(
      '/cloud/cloudLis',
    );
    expect(screen.queryByTestId('gift-apply')).toBeNull();
  });
});
