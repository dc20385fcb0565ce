import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearDicts } from '../../../../lib/dict-cache';
import { i18n } from '../../../../lib/i18n';
import { areaList } from '../../../../lib/regions';
import { fakeApi } from '../../../../test/fake-api';
import { testUser } from '../../../../test/fixtures';
import {
  PERIODS,
  SHUTDOWN_ACTIONS,
  batchAnswer,
  desktopRows,
  moreItem,
  ok,
  openDesktopList,
  renewalQuote,
  serveDesktops,
  testDesktop,
} from '../test-desktops';

vi.mock('../../../../lib/request', (original) =>
  import('../../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const running = testDesktop(1);
const shutdown = testDesktop(2, { name: 'design-pc', status: 'shutdown', actions: SHUTDOWN_ACTIONS });

async function openWith(desktops: Parameters<typeof serveDesktops>[0], balance = '500.00') {
  serveDesktops(desktops);
  const view = await openDesktopList();
  // The dialogs read the balance from GET /user.
  fakeApi.ok('GET', '/user', testUser({ balance }));
  await waitFor(() => expect(desktopRows()).toHaveLength(desktops.length));
  return view;
}

function serveRenewal() {
  fakeApi.ok('GET', '/user/u_period_discount', PERIODS);
  fakeApi.on('GET', '/renewal_price', (request) => ok(renewalQuote(Number(request.query.period))));
}

const DESKTOP_TYPES = [
  {
    id: 1,
    desktop_type: 'eds.general.2c4g',
    bundle_type: 'general',
    cpu: 2,
    memory: 4,
    gpu: null,
    price: '25.20',
    hourly_price: '0.050',
  },
  {
    id: 2,
    desktop_type: 'eds.general.4c8g',
    bundle_type: 'general',
    cpu: 4,
    memory: 8,
    gpu: null,
    price: '50.40',
    hourly_price: '0.100',
  },
];

/** The dialog whose body has test id `<testId>-body`. */
const dialog = async (testId: string) => within(await screen.findByTestId(`${testId}-body`));
const footerButton = (testId: string) => screen.getByTestId(testId);

beforeAll(() => import('./desktop-list-page'), 30_000);

beforeEach(() => {
  clearDicts();
  areaList.reset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DesktopListPage dialogs', { timeout: 20_000 }, () => {
  it('shows the renewal price before paying, then renews with an Idempotency-Key', async () => {
    await openWith([running]);
    serveRenewal();
    fakeApi.on('PUT', `/user/desktop/${running.desktop_id}/renew`, () =>
      ok({ order: {}, desktop: { ...running, expire_time: '2027-02-22T08:00:00.000Z' } }),
    );

    fireEvent.click(await moreItem(0, 'renew'));
    const renew = await dialog('desktop-renew');
    await waitFor(() => expect(renew.getByTestId('desktop-renew-price-due').textContent).toBe('$30.00'));
    expect(fakeApi.requests('GET', '/renewal_price')[0]?.query).toEqual({
      region_id: 3,
      desktop_type: 'eds.general.2c4g',
      system_disk: 100,
      period: 1,
    });

    fireEvent.click(renew.getByText('3 个月'));
    await waitFor(() => expect(renew.getByTestId('desktop-renew-price-due').textContent).toBe('$85.50'));
    expect(renew.getByTestId('desktop-renew-periods').textContent).toContain('9.5折');
    expect(renew.getByTestId('desktop-renew-price').textContent).toContain('$90.00');
    expect(fakeApi.requests('PUT', `/user/desktop/${running.desktop_id}/renew`)).toHaveLength(0);

    const pay = footerButton('desktop-renew-pay');
    expect(pay.textContent).toContain('支付 $85.50');
    fireEvent.click(pay);
    await waitFor(() =>
      expect(fakeApi.requests('PUT', `/user/desktop/${running.desktop_id}/renew`)).toHaveLength(1),
    );
    const [request] = fakeApi.requests('PUT', `/user/desktop/${running.desktop_id}/renew`);
    expect(request?.body).toEqual({ period: 3 });
    expect(request?.headers['idempotency-key']).toMatch(UUID);
    await waitFor(() => expect(screen.queryByTestId('desktop-renew-body')).toBeNull());
  });

  it('says the balance is short, offers a top-up and does not let the renewal be paid', async () => {
    await openWith([running], '12.50');
    serveRenewal();
    fireEvent.click(await moreItem(0, 'renew'));
    const renew = await dialog('desktop-renew');
    const alert = await renew.findByTestId('balance-shortfall');
    expect(alert.textContent).toContain('当前账户余额不足');
    expect(alert.textContent).toContain('$12.50');
    expect(footerButton('desktop-renew-pay').hasAttribute('disabled')).toBe(true);
    fireEvent.click(renew.getByTestId('balance-topup'));
    expect(await screen.findByTestId('topup-dialog-body')).toBeTruthy();
  });

  it('says the renewal periods could not be loaded and loads them again on Retry', async () => {
    await openWith([running]);
    fakeApi.fail('GET', '/user/u_period_discount', 500, '服务器开小差了');
    fakeApi.on('GET', '/renewal_price', (request) => ok(renewalQuote(Number(request.query.period))));
    fireEvent.click(await moreItem(0, 'renew'));
    const renew = await dialog('desktop-renew');
    const failed = await renew.findByTestId('desktop-renew-periods-failed');
    expect(failed.textContent).toContain('续费时长加载失败');
    expect(renew.queryByTestId('desktop-renew-price')).toBeNull();
    expect(footerButton('desktop-renew-pay').hasAttribute('disabled')).toBe(true);

    fakeApi.ok('GET', '/user/u_period_discount', PERIODS);
    fireEvent.click(within(failed).getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(renew.getByTestId('desktop-renew-price-due').textContent).toBe('$30.00'));
    expect(renew.queryByTestId('desktop-renew-periods-failed')).toBeNull();
    expect(fakeApi.requests('GET', '/user/u_period_discount')).toHaveLength(2);
    expect(footerButton('desktop-renew-pay').hasAttribute('disabled')).toBe(false);
  });

  it('explains why a gift desktop cannot be renewed, and asks no price', async () => {
    await openWith([testDesktop(1, { gift: true, actions: ['stop', 'reboot', 'connect'] })]);
    serveRenewal();
    fireEvent.click(await moreItem(0, 'renew'));
    const renew = await dialog('desktop-renew');
    expect(renew.getByTestId('desktop-renew-blocked').textContent).toContain('赠送的云电脑不能续费');
    expect(screen.queryByTestId('desktop-renew-pay')).toBeNull();
    expect(fakeApi.requests('GET', '/renewal_price')).toHaveLength(0);
  });

  it('asks for a shut-down before a configuration change', async () => {
    await openWith([running]);
    fireEvent.click(await moreItem(0, 'spec'));
    const spec = await dialog('desktop-spec');
    expect(spec.getByTestId('desktop-spec-not-shut-down').textContent).toContain('变更配置前请先关机');
    expect(screen.queryByTestId('desktop-spec-submit')).toBeNull();
    expect(fakeApi.requests('GET', '/desktop_types')).toHaveLength(0);
    // The way forward is offered in place.
    fireEvent.click(spec.getByTestId('desktop-spec-shut-down'));
    expect(await screen.findByText(/确定关闭云电脑「office-pc-1」吗/)).toBeTruthy();
  });

  it('grows the system disk only, prices the change and sends it with an Idempotency-Key', async () => {
    await openWith([shutdown]);
    fakeApi.ok('GET', '/desktop_types', DESKTOP_TYPES);
    fakeApi.on('GET', '/user/modify_spec_price', (request) =>
      ok({
        billing_method: 'subscription',
        old_unit_price: '30.00',
        new_unit_price: request.query.new_system_disk === 150 ? '33.50' : '30.00',
        old_hourly_price: '0.058',
        new_hourly_price: '0.065',
        remaining_seconds: 20 * 86_400,
        payable_price: request.query.new_system_disk === 150 ? '2.33' : '0.00',
      }),
    );
    fakeApi.ok('POST', `/user/desktop/${shutdown.desktop_id}/spec`, { order: null, desktop: shutdown });

    fireEvent.click(await moreItem(0, 'spec'));
    const spec = await dialog('desktop-spec');
    const slider = await spec.findByRole('slider');
    expect(slider.getAttribute('aria-valuemin')).toBe('100');
    expect(slider.getAttribute('aria-valuemax')).toBe('500');
    expect(spec.getByTestId('desktop-spec-unchanged')).toBeTruthy();
    expect(footerButton('desktop-spec-submit').hasAttribute('disabled')).toBe(true);

    const disk = spec.getByRole('spinbutton', { name: '系统盘' });
    fireEvent.change(disk, { target: { value: '60' } });
    fireEvent.blur(disk);
    await waitFor(() => expect((disk as HTMLInputElement).value).toBe('100'));
    expect(spec.getByTestId('desktop-spec-unchanged')).toBeTruthy();

    fireEvent.change(disk, { target: { value: '150' } });
    fireEvent.blur(disk);
    await waitFor(() => expect(spec.getByTestId('desktop-spec-price-due').textContent).toBe('$2.33'));
    expect(fakeApi.requests('GET', '/user/modify_spec_price').at(-1)?.query).toMatchObject({
      region_id: 3,
      desktop_type: 'eds.general.2c4g',
      system_disk: 100,
      new_desktop_type: 'eds.general.2c4g',
      new_system_disk: 150,
      billing_method: 'subscription',
      expire_time: shutdown.expire_time,
    });
    // No size below the current one was ever priced.
    const asked = fakeApi
      .requests('GET', '/user/modify_spec_price')
      .map((request) => request.query.new_system_disk);
    expect(asked.every((gib) => Number(gib) >= 100)).toBe(true);

    const submit = footerButton('desktop-spec-submit');
    expect(submit.textContent).toContain('$2.33');
    fireEvent.click(submit);
    await waitFor(() =>
      expect(fakeApi.requests('POST', `/user/desktop/${shutdown.desktop_id}/spec`)).toHaveLength(1),
    );
    const [request] = fakeApi.requests('POST', `/user/desktop/${shutdown.desktop_id}/spec`);
    expect(request?.body).toEqual({ system_disk: 150 });
    expect(request?.headers['idempotency-key']).toMatch(UUID);
  });

  it('names the fields of the configuration and renewal dialogs for screen readers', async () => {
    await openWith([shutdown]);
    fakeApi.ok('GET', '/desktop_types', DESKTOP_TYPES);
    serveRenewal();

    fireEvent.click(await moreItem(0, 'spec'));
    const spec = await dialog('desktop-spec');
    expect(await spec.findByRole('combobox', { name: '实例规格' })).toBeTruthy();
    expect(spec.getByRole('slider', { name: '系统盘' })).toBeTruthy();
    expect(spec.getByRole('spinbutton', { name: '系统盘' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(screen.queryByTestId('desktop-spec-body')).toBeNull());

    fireEvent.click(await moreItem(0, 'renew'));
    const renew = await dialog('desktop-renew');
    const periods = await renew.findByRole('radiogroup', { name: '续费时长' });
    expect(within(periods).getByRole('radio', { name: '1 个月' })).toBeTruthy();
  });

  it('names the image, policy and target network pickers for screen readers', async () => {
    await openWith([running]);
    fakeApi.ok('GET', '/user/desktop_image/v2', []);

    fireEvent.click(await moreItem(0, 'rebuild'));
    const rebuild = await dialog('desktop-rebuild');
    expect(rebuild.getByRole('combobox', { name: '镜像' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(screen.queryByTestId('desktop-rebuild-body')).toBeNull());

    fireEvent.click(await moreItem(0, 'policy'));
    const policy = await dialog('desktop-policy');
    expect(await policy.findByRole('combobox', { name: '选择策略' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(screen.queryByTestId('desktop-policy-body')).toBeNull());

    fireEvent.click(await moreItem(0, 'migrate'));
    const migrate = await dialog('desktop-migrate');
    expect(await migrate.findByRole('radiogroup', { name: '目标办公网络' })).toBeTruthy();
  });

  it('renames the desktop and assigns its end user', async () => {
    await openWith([running]);
    fakeApi.ok('PUT', `/user/desktop/${running.desktop_id}`, running);
    fireEvent.click(await moreItem(0, 'edit'));
    await dialog('desktop-edit');
    fireEvent.change(screen.getByTestId('desktop-edit-name'), { target: { value: 'finance-pc' } });
    fireEvent.change(screen.getByTestId('desktop-edit-end-user'), { target: { value: 'bob' } });
    fireEvent.click(footerButton('desktop-edit-save'));
    await waitFor(() =>
      expect(fakeApi.requests('PUT', `/user/desktop/${running.desktop_id}`)[0]?.body).toEqual({
        name: 'finance-pc',
        end_user: 'bob',
      }),
    );
  });

  it('counts a name without its surrounding spaces, as the server stores it', async () => {
    await openWith([running]);
    fakeApi.ok('PUT', `/user/desktop/${running.desktop_id}`, running);
    fireEvent.click(await moreItem(0, 'edit'));
    await dialog('desktop-edit');
    fireEvent.change(screen.getByTestId('desktop-edit-name'), { target: { value: '  a  ' } });
    fireEvent.click(footerButton('desktop-edit-save'));
    expect(await screen.findByText('名称长度为 2–64 个字符')).toBeTruthy();
    expect(fakeApi.requests('PUT', `/user/desktop/${running.desktop_id}`)).toHaveLength(0);
  });

  it('reinstalls only after the data loss is acknowledged', async () => {
    await openWith([running]);
    fakeApi.ok('GET', '/user/desktop_image/v2', []);
    fakeApi.on('PUT', '/user/desktop/batch_rebuild', (request) =>
      ok(batchAnswer((request.body as { desktop_ids: string[] }).desktop_ids)),
    );
    fireEvent.click(await moreItem(0, 'rebuild'));
    const rebuild = await dialog('desktop-rebuild');
    expect(rebuild.getByText('重装会清空系统盘上的全部数据')).toBeTruthy();
    expect(footerButton('desktop-rebuild-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.click(rebuild.getByTestId('desktop-rebuild-understood'));
    fireEvent.click(footerButton('desktop-rebuild-submit'));
    await waitFor(() =>
      expect(fakeApi.requests('PUT', '/user/desktop/batch_rebuild')[0]?.body).toEqual({
        desktop_ids: [running.desktop_id],
      }),
    );
  });

  it('moves a desktop to another office network of its region', async () => {
    await openWith([running]);
    fakeApi.ok('POST', `/user/desktop/${running.desktop_id}/migrate`, running);
    fireEvent.click(await moreItem(0, 'migrate'));
    const migrate = await dialog('desktop-migrate');
    await migrate.findByTestId('desktop-migrate-site-os-hk-fast');
    // Its own network and the other region's are not offered.
    expect(migrate.queryByTestId('desktop-migrate-site-os-free-3')).toBeNull();
    expect(migrate.queryByTestId('desktop-migrate-site-os-fra')).toBeNull();
    expect(fakeApi.requests('GET', '/user/office_site').at(-1)?.query).toMatchObject({ region_id: 3 });
    fireEvent.click(migrate.getByTestId('desktop-migrate-site-os-hk-fast'));
    fireEvent.click(footerButton('desktop-migrate-submit'));
    await waitFor(() =>
      expect(fakeApi.requests('POST', `/user/desktop/${running.desktop_id}/migrate`)[0]?.body).toEqual({
        office_site_id: 'os-hk-fast',
      }),
    );
  });

  it('gives the desktop another policy', async () => {
    await openWith([running]);
    fakeApi.ok('PUT', '/user/policy/pl-strict/desktops', batchAnswer([running.desktop_id]));
    fireEvent.click(await moreItem(0, 'policy'));
    const policy = await dialog('desktop-policy');
    expect(footerButton('desktop-policy-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(within(policy.getByTestId('desktop-policy-select')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('严格策略')).at(-1)!);
    await waitFor(() => expect(policy.getByTestId('desktop-policy-rights').textContent).toContain('只读'));
    fireEvent.click(footerButton('desktop-policy-submit'));
    await waitFor(() =>
      expect(fakeApi.requests('PUT', '/user/policy/pl-strict/desktops')[0]?.body).toEqual({
        desktop_ids: [running.desktop_id],
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('desktop-policy-body')).toBeNull());
  });

  it('says so when the desktop refused the policy, and keeps the dialog open', async () => {
    await openWith([running]);
    fakeApi.ok(
      'PUT',
      '/user/policy/pl-strict/desktops',
      batchAnswer([running.desktop_id], { [running.desktop_id]: '云电脑正在重启，请稍后再试' }),
    );
    fireEvent.click(await moreItem(0, 'policy'));
    const policy = await dialog('desktop-policy');
    fireEvent.mouseDown(within(policy.getByTestId('desktop-policy-select')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('严格策略')).at(-1)!);
    fireEvent.click(footerButton('desktop-policy-submit'));
    expect(await screen.findByText('操作失败：云电脑正在重启，请稍后再试')).toBeTruthy();
    expect(screen.getByTestId('desktop-policy-body')).toBeTruthy();
  });

  it('words the renewal in English on an English page', async () => {
    await i18n.changeLanguage('en-US');
    await openWith([running], '5.00');
    serveRenewal();
    fireEvent.click(await moreItem(0, 'renew'));
    const renew = await dialog('desktop-renew');
    expect((await renew.findByTestId('desktop-renew-periods')).textContent).toContain('5% off');
    expect((await renew.findByTestId('balance-shortfall')).textContent).toContain(
      'Insufficient account balance',
    );
    expect(footerButton('desktop-renew-pay').textContent).toContain('Pay $30.00');
  });
});
