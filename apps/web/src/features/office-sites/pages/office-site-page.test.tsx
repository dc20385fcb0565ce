import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OfficeSite } from '@cloudbay/contracts';
import { clearDicts } from '../../../lib/dict-cache';
import { i18n } from '../../../lib/i18n';
import { areaList } from '../../../lib/regions';
import { fakeApi } from '../../../test/fake-api';
import { narrowScreen } from '../../../test/screen';
import { testUser } from '../../../test/fixtures';
import { chooseOption, openListPage, tableRows } from '../../../test/list-page';
import { chartSeries, resetCharts } from '../../../test/fake-charts';
import { envelope, networkFailure, timeoutFailure } from '../../../test/mock-adapter';
import { LIVE_REFRESH_MS } from '../office-site-rules';
import {
  freeOfficeSite,
  networkCost,
  serveOfficeSites,
  testFlow,
  testOfficeSite,
  testOrder,
} from '../test-office-sites';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);
vi.mock('../../../components/echarts', () =>
  import('../../../test/fake-charts').then((m) => m.fakeEchartsModule()),
);

const PATH = '/zqgl/officenetwork';
const openPage = () =>
  openListPage({ path: PATH, component: 'network/office', pageTestId: 'page-office-sites' });
const rows = () => tableRows('office-sites-table');
const listRequests = () => fakeApi.requests('GET', '/user/office_site');
const rowOf = (name: string) => {
  const row = [...rows()].find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`no row for ${name}`);
  return within(row as HTMLElement);
};
/** Hovers `element` and waits for its tooltip to say `text` (earlier tooltips stay in the page). */
async function expectTooltip(element: HTMLElement, text: string) {
  fireEvent.mouseEnter(element);
  await waitFor(() =>
    expect(screen.getAllByRole('tooltip').map((tooltip) => tooltip.textContent)).toContain(text),
  );
}
/** Whole-app renders of antd tables and dialogs take seconds on two busy cores. */
const SLOW = { timeout: 20_000 };

const paid = testOfficeSite('os-paid', { name: '上海办公室', desktop_count: 2, auto_renew: true });
const free = freeOfficeSite('os-free');

beforeEach(() => {
  clearDicts();
  areaList.reset();
  resetCharts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('OfficeSitePage: the list', SLOW, () => {
  it('lists the networks with their status, bandwidth, IP, billing and traffic price (zh-CN)', async () => {
    const creating = testOfficeSite('os-new', {
      name: '新网络',
      status: 'creating',
      resource_status: 'creating',
      ip: null,
    });
    serveOfficeSites([paid, free, creating]);
    await openPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await waitFor(() => expect(rowOf('上海办公室').getByText('正常')).toBeTruthy());

    const shanghai = rowOf('上海办公室');
    expect(shanghai.getByText('os-paid')).toBeTruthy();
    expect(shanghai.getByText('上海')).toBeTruthy();
    expect(shanghai.getByText('50 Mbps')).toBeTruthy();
    expect(shanghai.getByText('47.100.12.34')).toBeTruthy();
    expect(shanghai.getByRole('button', { name: '复制 IP' })).toBeTruthy();
    expect(shanghai.getByText('包年包月')).toBeTruthy();
    expect(shanghai.getByText(/到期$/)).toBeTruthy();
    expect(shanghai.getByText('$0.077/GB')).toBeTruthy();
    expect(
      (shanghai.getByTestId('office-site-auto-renew') as HTMLButtonElement).getAttribute('aria-checked'),
    ).toBe('true');

    const network = rowOf('Free network');
    expect(network.getByTestId('office-site-default').textContent).toBe('默认 · 免费');
    expect(network.getByText('共享 · 每台峰值 5 Mbps')).toBeTruthy();
    expect(network.getByText('免费')).toBeTruthy();
    expect(network.queryByText('47.100.12.34')).toBeNull();

    expect(rowOf('新网络').getByText('创建中')).toBeTruthy();
    expect(listRequests()[0]?.query).toEqual({ page: 1, limit: 20 });
  });

  it('on a phone shows the essential columns and the actions as one menu that says why an item is off', async () => {
    const media = narrowScreen();
    try {
      serveOfficeSites([paid, free]);
      await openPage();
      await waitFor(() => expect(rows()).toHaveLength(2));
      const shanghai = rowOf('上海办公室');
      expect(shanghai.getByText('正常')).toBeTruthy();
      expect(shanghai.queryByText('50 Mbps')).toBeNull();
      expect(screen.queryByRole('columnheader', { name: '地域' })).toBeNull();
      expect(screen.queryByText('47.100.12.34')).toBeNull();
      // A blocked item says why under its name: a phone has no hover.
      fireEvent.click(rowOf('免费').getByTestId('office-site-actions'));
      const release = await screen.findByTestId('office-site-release');
      expect(release.textContent).toBe('释放默认（免费）办公网络不能释放或变更带宽');
      expect(release.closest('li')?.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(shanghai.getByTestId('office-site-actions'));
      await waitFor(() => expect(screen.getAllByTestId('office-site-upgrade').length).toBeGreaterThan(1));
      fireEvent.click(screen.getAllByTestId('office-site-upgrade').at(-1)!);
      expect(await screen.findByTestId('office-upgrade-dialog')).toBeTruthy();
    } finally {
      media.mockRestore();
    }
  });

  it('hides the free network’s IP with the reason and offers none of its locked actions', async () => {
    serveOfficeSites([free]);
    await openPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const row = rowOf('Free network');

    await expectTooltip(row.getByTestId('office-site-ip-hidden'), '免费网络使用共享出口，不分配独立公网 IP');
    for (const action of ['office-site-upgrade', 'office-site-release', 'office-site-traffic']) {
      expect((row.getByTestId(action) as HTMLButtonElement).disabled).toBe(true);
    }
    expect((row.getByTestId('office-site-rename') as HTMLButtonElement).disabled).toBe(false);
    expect((row.getByTestId('office-site-auto-renew') as HTMLButtonElement).disabled).toBe(true);
    await expectTooltip(
      row.getByTestId('office-site-release-blocked'),
      '默认（免费）办公网络不能释放或变更带宽',
    );

    fireEvent.click(row.getByTestId('office-site-release'));
    fireEvent.click(row.getByTestId('office-site-upgrade'));
    expect(screen.queryByTestId('office-release-confirm')).toBeNull();
    expect(screen.queryByTestId('office-upgrade-dialog')).toBeNull();
  });

  it('tells why the free network has no traffic query, in English too', async () => {
    await i18n.changeLanguage('en-US');
    serveOfficeSites([free, paid]);
    await openPage();
    await waitFor(() => expect(rowOf('上海办公室').getByText('Normal')).toBeTruthy());
    const row = rowOf('Free network');
    expect(row.getByTestId('office-site-default').textContent).toBe('Default · Free');
    await expectTooltip(
      row.getByTestId('office-site-traffic-blocked'),
      'The free office network has no traffic query',
    );
    expect(rowOf('上海办公室').getByText('Subscription')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Public IP' })).toBeTruthy();
    expect(screen.getByTestId('office-buy-open').textContent).toBe('Buy office network');
  });

  it('sends the chosen filters and resets them', async () => {
    serveOfficeSites([paid, free]);
    await openPage();
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.change(screen.getByTestId('office-site-name-filter'), { target: { value: ' 上海 ' } });
    await chooseOption('office-site-region-filter', '上海');
    await chooseOption('office-site-status-filter', '正常');
    fireEvent.click(screen.getByTestId('office-site-search-submit'));
    await waitFor(() =>
      expect(listRequests().at(-1)?.query).toEqual({
        page: 1,
        limit: 20,
        name: '上海',
        region_id: 3,
        status: 'normal',
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('office-site-search-reset'));
    await waitFor(() => expect(listRequests().at(-1)?.query).toEqual({ page: 1, limit: 20 }));
  });

  it('explains where the free network comes from when there is none, and offers to buy one', async () => {
    serveOfficeSites([]);
    await openPage();
    const empty = await screen.findByTestId('office-sites-empty');
    expect(empty.textContent).toContain('还没有办公网络');
    expect(empty.textContent).toContain('在某个地域购买第一台云电脑时，会自动创建该地域的免费默认网络');
    fireEvent.click(within(empty).getByTestId('office-sites-empty-buy'));
    expect(await screen.findByTestId('office-buy-dialog')).toBeTruthy();
  });

  it('follows a network being created until it is ready, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: OfficeSite['status'] = 'creating';
    serveOfficeSites([]);
    fakeApi.on('GET', '/user/office_site', () => ({
      data: envelope({ list: [testOfficeSite('os-1', { status, ip: null })], total: 1, page: 1, limit: 20 }),
    }));
    await openPage();
    await waitFor(() => expect(rowOf('办公网络 os-1').getByText('创建中')).toBeTruthy());
    const before = listRequests().length;

    status = 'normal';
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
    await waitFor(() => expect(rowOf('办公网络 os-1').getByText('正常')).toBeTruthy());
    expect(listRequests()).toHaveLength(before + 1);

    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3));
    expect(listRequests()).toHaveLength(before + 1);
  });
});

describe('OfficeSitePage: buying', SLOW, () => {
  async function openBuy(balance = '500.00') {
    serveOfficeSites([paid]);
    await openPage();
    fakeApi.ok('GET', '/user', testUser({ balance }));
    fireEvent.click(screen.getByTestId('office-buy-open'));
    const dialog = await screen.findByTestId('office-buy-dialog');
    // The region and the first period are chosen as their lists arrive.
    await waitFor(() => expect(within(dialog).getByTestId('office-buy-period-1')).toBeTruthy());
    return within(dialog);
  }
  const price = () => screen.getByTestId('office-buy-price-amount').textContent;
  const submitButton = () => screen.getByTestId('office-buy-submit') as HTMLButtonElement;

  it('prices the settings live and buys with the body and an Idempotency-Key', async () => {
    fakeApi.ok('POST', '/user/office_site', {
      order: testOrder(),
      office_site: testOfficeSite('os-9', { name: '法兰克福办公室', status: 'creating' }),
    });
    const dialog = await openBuy();
    await waitFor(() => expect(price()).toBe('$6.00'));
    expect(fakeApi.requests('GET', '/user/network_cost').at(-1)?.query).toEqual({
      region_id: 3,
      bandwidth: 10,
      period: 1,
    });
    expect(dialog.getByTestId('office-buy-price').textContent).toContain('流量另计：$0.077/GB，按小时结算');
    expect(dialog.getByTestId('office-buy-period').textContent).toContain('9.5折');

    await chooseOption('office-buy-region', '法兰克福');
    fireEvent.change(dialog.getByTestId('office-buy-name'), { target: { value: ' 法兰克福办公室 ' } });
    fireEvent.change(dialog.getByTestId('office-buy-bandwidth-input'), { target: { value: '50' } });
    fireEvent.click(dialog.getByTestId('office-buy-period-3'));
    fireEvent.click(dialog.getByTestId('office-buy-auto-renew'));
    fireEvent.click(dialog.getByTestId('office-buy-agree'));
    await waitFor(() => expect(price()).toBe('$85.50'));
    expect(fakeApi.requests('GET', '/user/network_cost').at(-1)?.query).toEqual({
      region_id: 5,
      bandwidth: 50,
      period: 3,
    });
    expect(dialog.getByTestId('office-buy-price').textContent).toContain('$90.00');

    fireEvent.click(dialog.getByTestId('office-buy-submit'));
    expect(await screen.findByText('已购买办公网络「法兰克福办公室」，正在创建')).toBeTruthy();
    const [request] = fakeApi.requests('POST', '/user/office_site');
    expect(request?.body).toEqual({
      region_id: 5,
      name: '法兰克福办公室',
      bandwidth: 50,
      period: 3,
      auto_renew: true,
      agreed: true,
    });
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(1));
  });

  it('refuses to send an incomplete form: no name, a bandwidth out of range, the terms not accepted', async () => {
    const dialog = await openBuy();
    await waitFor(() => expect(price()).toBe('$6.00'));
    fireEvent.change(dialog.getByTestId('office-buy-bandwidth-input'), { target: { value: '300' } });
    expect(await dialog.findByText('带宽需为 10–200 Mbps 的整数')).toBeTruthy();
    // Nothing is priced for a bandwidth the purchase would refuse, so there is nothing to pay.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(submitButton().disabled).toBe(true);
    expect(
      fakeApi.requests('GET', '/user/network_cost').map((request) => request.query.bandwidth),
    ).not.toContain(300);

    fireEvent.change(dialog.getByTestId('office-buy-bandwidth-input'), { target: { value: '20' } });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    expect(await screen.findByText('请检查表单输入')).toBeTruthy();
    expect(await dialog.findByText('名称需为 2–64 个字符')).toBeTruthy();
    expect(dialog.getByText('请阅读并同意购买须知')).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/office_site')).toEqual([]);
  });

  it('never charges for a bandwidth whose price is not on screen yet', async () => {
    fakeApi.ok('POST', '/user/office_site', {
      order: testOrder(),
      office_site: testOfficeSite('os-9', { name: '上海二号', bandwidth: 200, status: 'creating' }),
    });
    const dialog = await openBuy('50.00');
    // The 200 Mbps price comes only when the test lets it.
    let answer200: () => void = () => undefined;
    fakeApi.on('GET', '/user/network_cost', (request) => {
      const reply = {
        data: envelope(networkCost(Number(request.query.bandwidth), Number(request.query.period))),
      };
      if (Number(request.query.bandwidth) !== 200) return reply;
      return new Promise((resolve) => {
        answer200 = () => resolve(reply);
      });
    });
    await waitFor(() => expect(price()).toBe('$6.00'));
    fireEvent.change(dialog.getByTestId('office-buy-name'), { target: { value: '上海二号' } });
    fireEvent.click(dialog.getByTestId('office-buy-agree'));
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    // Typed and clicked at once: the 10 Mbps price is still shown, so nothing may be bought.
    fireEvent.change(dialog.getByTestId('office-buy-bandwidth-input'), { target: { value: '200' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(price()).toBe('$6.00');
    // The bandwidth has settled and its price is on its way: still nothing to pay, nor a balance to judge.
    await waitFor(() =>
      expect(fakeApi.requests('GET', '/user/network_cost').at(-1)?.query.bandwidth).toBe(200),
    );
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(submitButton());
    expect(dialog.queryByTestId('balance-shortfall')).toBeNull();
    expect(fakeApi.requests('POST', '/user/office_site')).toEqual([]);

    answer200();
    await waitFor(() => expect(price()).toBe('$120.00'));
    expect((await dialog.findByTestId('balance-shortfall')).textContent).toContain('还差 $70.00');
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(submitButton());
    await waitFor(() => expect(fakeApi.requests('POST', '/user/office_site')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/user/office_site')[0]?.body).toMatchObject({ bandwidth: 200 });
  });

  it('says a purchase without an answer may have gone through, and retries it with its key even from a reopened dialog', async () => {
    const timeout = () => {
      throw timeoutFailure();
    };
    fakeApi.on('POST', '/user/office_site', timeout);
    let dialog = await openBuy();
    const buyAs = async (name: string) => {
      await waitFor(() => expect(price()).toBe('$6.00'));
      fireEvent.change(dialog.getByTestId('office-buy-name'), { target: { value: name } });
      fireEvent.click(dialog.getByTestId('office-buy-agree'));
      await waitFor(() => expect(submitButton().disabled).toBe(false));
      // Past the duplicate-submission guard's window, as a user coming back later would be.
      window.sessionStorage.clear();
      fireEvent.click(submitButton());
    };
    const reopen = async () => {
      const cancel = dialog
        .getAllByRole('button')
        .find((button) => button.textContent?.replace(/\s/g, '') === '取消');
      fireEvent.click(cancel!);
      fireEvent.click(screen.getByTestId('office-buy-open'));
      dialog = within(await screen.findByTestId('office-buy-dialog'));
      await waitFor(() => expect(dialog.getByTestId('office-buy-period-1')).toBeTruthy());
    };
    const keys = () =>
      fakeApi.requests('POST', '/user/office_site').map((request) => request.headers['idempotency-key']);

    await buyAs('上海二号');
    const unknown = await dialog.findByTestId('office-buy-unknown');
    expect(unknown.textContent).toContain('购买结果未知');
    expect(unknown.textContent).toContain('网络可能已购买成功。请先查看办公网络列表');
    expect(dialog.queryByTestId('office-buy-failed')).toBeNull();

    // Another purchase is another intent: its own key.
    await reopen();
    await buyAs('上海三号');
    await dialog.findByTestId('office-buy-unknown');
    // The first one again, from a new dialog: the server answers its first try instead of charging twice.
    fakeApi.ok('POST', '/user/office_site', {
      order: testOrder(),
      office_site: testOfficeSite('os-9', { name: '上海二号', status: 'creating' }),
    });
    await reopen();
    await buyAs('上海二号');
    expect(await screen.findByText('已购买办公网络「上海二号」，正在创建')).toBeTruthy();
    const [first, other, again] = keys();
    expect(keys()).toHaveLength(3);
    expect(other).not.toBe(first);
    expect(again).toBe(first);
  });

  it('words a purchase without an answer as unknown in English too', async () => {
    await i18n.changeLanguage('en-US');
    fakeApi.on('POST', '/user/office_site', () => {
      throw networkFailure();
    });
    const dialog = await openBuy();
    await waitFor(() => expect(price()).toBe('$6.00'));
    fireEvent.change(dialog.getByTestId('office-buy-name'), { target: { value: 'Berlin' } });
    fireEvent.click(dialog.getByTestId('office-buy-agree'));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    const unknown = await dialog.findByTestId('office-buy-unknown');
    expect(unknown.textContent).toContain('Purchase result unknown');
    expect(unknown.textContent).toContain('Check the list of office networks before buying again');
  });

  it('says the balance is short, by how much, and opens the top-up from there', async () => {
    const dialog = await openBuy('4.00');
    await waitFor(() => expect(price()).toBe('$6.00'));
    const shortfall = await dialog.findByTestId('balance-shortfall');
    expect(shortfall.textContent).toContain('当前账户余额不足');
    expect(shortfall.textContent).toContain('账户余额 $4.00，还差 $2.00');
    fireEvent.click(within(shortfall).getByTestId('balance-topup'));
    expect(await screen.findByTestId('topup-dialog-body')).toBeTruthy();
  });

  it('shows the shortfall when the server refuses for lack of balance that the page did not know of', async () => {
    fakeApi.fail('POST', '/user/office_site', 422, '当前账户余额不足');
    const dialog = await openBuy();
    await waitFor(() => expect(price()).toBe('$6.00'));
    fakeApi.ok('GET', '/user', testUser({ balance: '1.00' }));
    fireEvent.change(dialog.getByTestId('office-buy-name'), { target: { value: '上海二号' } });
    fireEvent.click(dialog.getByTestId('office-buy-agree'));
    fireEvent.click(dialog.getByTestId('office-buy-submit'));

    const shortfall = await dialog.findByTestId('balance-shortfall');
    expect(shortfall.textContent).toContain('还差 $5.00');
    expect(dialog.queryByTestId('office-buy-failed')).toBeNull();
  });

  it('says why a purchase failed in English', async () => {
    await i18n.changeLanguage('en-US');
    fakeApi.fail('POST', '/user/office_site', 422, 'The region is not on sale');
    const dialog = await openBuy();
    await waitFor(() => expect(price()).toBe('$6.00'));
    expect(dialog.getByTestId('office-buy-period').textContent).toContain('5% off');
    fireEvent.change(dialog.getByTestId('office-buy-name'), { target: { value: 'Berlin' } });
    fireEvent.click(dialog.getByTestId('office-buy-agree'));
    fireEvent.click(dialog.getByTestId('office-buy-submit'));
    const failed = await dialog.findByTestId('office-buy-failed');
    expect(failed.textContent).toContain('Purchase failed');
    expect(failed.textContent).toContain('The region is not on sale');
  });
});

describe('OfficeSitePage: a network’s actions', SLOW, () => {
  async function openRow(site: OfficeSite) {
    serveOfficeSites([site]);
    await openPage();
    fakeApi.ok('GET', '/user', testUser({ balance: '500.00' }));
    await waitFor(() => expect(rowOf(site.name).getByText('正常')).toBeTruthy());
    return rowOf(site.name);
  }

  it('upgrades only above the current bandwidth, priced first, with an Idempotency-Key', async () => {
    fakeApi.on('GET', '/user/office_site/os-paid/upgrade_price', (request) => ({
      data: envelope({
        bandwidth: 50,
        new_bandwidth: Number(request.query.bandwidth),
        remaining_seconds: 15 * 86_400,
        payable_price: '9.00',
      }),
    }));
    fakeApi.ok('PUT', '/user/office_site/os-paid/upgrade', {
      order: testOrder({ action: 'upgrade' }),
      office_site: { ...paid, bandwidth: 80 },
    });
    const row = await openRow(paid);
    fireEvent.click(row.getByTestId('office-site-upgrade'));
    const dialog = within(await screen.findByTestId('office-upgrade-dialog'));
    const input = dialog.getByTestId('office-upgrade-bandwidth-input');
    await waitFor(() =>
      expect(fakeApi.requests('GET', '/user/office_site/os-paid/upgrade_price').at(-1)?.query).toEqual({
        bandwidth: 60,
      }),
    );

    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.click(dialog.getByTestId('office-upgrade-submit'));
    expect(await dialog.findByText('新带宽需大于当前的 50 Mbps')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/office_site/os-paid/upgrade')).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('office-upgrade-price-amount').textContent).toBe('—'));
    const asked = fakeApi
      .requests('GET', '/user/office_site/os-paid/upgrade_price')
      .map((r) => r.query.bandwidth);
    expect(asked.every((bandwidth) => Number(bandwidth) > 50)).toBe(true);

    fireEvent.change(input, { target: { value: '80' } });
    await waitFor(() => expect(screen.getByTestId('office-upgrade-price-amount').textContent).toBe('$9.00'));
    expect(screen.getByTestId('office-upgrade-price').textContent).toContain('按剩余 15 天折算');
    // Payable once the price shown is the one of 80 Mbps.
    await waitFor(() =>
      expect((dialog.getByTestId('office-upgrade-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(dialog.getByTestId('office-upgrade-submit'));
    expect(await screen.findByText('带宽已升级至 80 Mbps')).toBeTruthy();
    const [request] = fakeApi.requests('PUT', '/user/office_site/os-paid/upgrade');
    expect(request?.body).toEqual({ bandwidth: 80 });
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('upgrades only at the price of the bandwidth as typed, never at the one still on screen', async () => {
    fakeApi.on('GET', '/user/office_site/os-paid/upgrade_price', (request) => ({
      data: envelope({
        bandwidth: 50,
        new_bandwidth: Number(request.query.bandwidth),
        remaining_seconds: 15 * 86_400,
        payable_price: ((Number(request.query.bandwidth) - 50) * 0.3).toFixed(2),
      }),
    }));
    fakeApi.ok('PUT', '/user/office_site/os-paid/upgrade', {
      order: testOrder({ action: 'upgrade' }),
      office_site: { ...paid, bandwidth: 200 },
    });
    const row = await openRow(paid);
    fireEvent.click(row.getByTestId('office-site-upgrade'));
    const dialog = within(await screen.findByTestId('office-upgrade-dialog'));
    const amount = () => screen.getByTestId('office-upgrade-price-amount').textContent;
    const submit = () => dialog.getByTestId('office-upgrade-submit') as HTMLButtonElement;
    await waitFor(() => expect(amount()).toBe('$3.00'));
    await waitFor(() => expect(submit().disabled).toBe(false));

    // Typed and clicked at once: the 60 Mbps price is still shown, so nothing may be charged.
    fireEvent.change(dialog.getByTestId('office-upgrade-bandwidth-input'), { target: { value: '200' } });
    fireEvent.click(submit());
    await waitFor(() => expect(submit().disabled).toBe(true));
    expect(amount()).toBe('$3.00');
    fireEvent.click(submit());

    await waitFor(() => expect(amount()).toBe('$45.00'));
    expect(fakeApi.requests('PUT', '/user/office_site/os-paid/upgrade')).toEqual([]);
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    expect(await screen.findByText('带宽已升级至 200 Mbps')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/office_site/os-paid/upgrade').map((r) => r.body)).toEqual([
      { bandwidth: 200 },
    ]);
  });

  it('retries an upgrade refused with a 409 under a new key, and one still running under its own', async () => {
    fakeApi.on('GET', '/user/office_site/os-paid/upgrade_price', (request) => ({
      data: envelope({
        bandwidth: 50,
        new_bandwidth: Number(request.query.bandwidth),
        remaining_seconds: 15 * 86_400,
        payable_price: '3.00',
      }),
    }));
    const row = await openRow(paid);
    fireEvent.click(row.getByTestId('office-site-upgrade'));
    const dialog = within(await screen.findByTestId('office-upgrade-dialog'));
    const submit = () => dialog.getByTestId('office-upgrade-submit') as HTMLButtonElement;
    const keys = () =>
      fakeApi
        .requests('PUT', '/user/office_site/os-paid/upgrade')
        .map((request) => request.headers['idempotency-key']);
    const press = async (count: number) => {
      await waitFor(() => expect(submit().disabled).toBe(false));
      // Past the duplicate-submission guard's window, as a user pressing again later would be.
      window.sessionStorage.clear();
      fireEvent.click(submit());
      await waitFor(() => expect(keys()).toHaveLength(count));
      await waitFor(() => expect(submit().disabled).toBe(false));
    };

    // The first try is still running on the server: the retry must be the same upgrade.
    fakeApi.fail('PUT', '/user/office_site/os-paid/upgrade', 409, '请求仍在处理中', {
      error_code: 'IDEMPOTENCY_KEY_IN_FLIGHT',
    });
    await press(1);
    await press(2);
    // A refusal the server stores under the key: the retry is judged afresh, not replayed.
    fakeApi.fail('PUT', '/user/office_site/os-paid/upgrade', 409, '当前状态不允许该操作', {
      error_code: 'RESOURCE_ACTION_FORBIDDEN',
    });
    await press(3);
    await press(4);
    const [first, second, third, fourth] = keys();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(fourth).not.toBe(third);
  });

  it('offers no upgrade of an expired network, and says to renew it first', async () => {
    const expired = testOfficeSite('os-old', { name: '旧网络', expire_time: '2026-01-01T00:00:00.000Z' });
    const row = await openRow(expired);
    expect((row.getByTestId('office-site-upgrade') as HTMLButtonElement).disabled).toBe(true);
    expect((row.getByTestId('office-site-traffic') as HTMLButtonElement).disabled).toBe(false);
    await expectTooltip(row.getByTestId('office-site-upgrade-blocked'), '网络已到期，请先续费再升级带宽');
    fireEvent.click(row.getByTestId('office-site-upgrade'));
    expect(screen.queryByTestId('office-upgrade-dialog')).toBeNull();
  });

  it('says when the upgrade price cannot be had', async () => {
    fakeApi.fail('GET', '/user/office_site/os-paid/upgrade_price', 500, '服务器错误');
    const row = await openRow(paid);
    fireEvent.click(row.getByTestId('office-site-upgrade'));
    expect((await screen.findByTestId('office-upgrade-price-failed')).textContent).toContain(
      '获取功能升级价格失败',
    );
  });

  it('releases after a confirmation naming the network', async () => {
    fakeApi.ok('DELETE', '/user/office_site/os-paid', null);
    const row = await openRow(paid);
    fireEvent.click(row.getByTestId('office-site-release'));
    const confirm = await screen.findByTestId('office-release-confirm');
    expect(confirm.textContent).toContain('确定释放办公网络「上海办公室」吗？');
    expect(confirm.textContent).toContain('该网络上仍有 2 台云电脑，需先迁移或释放它们。');
    expect(fakeApi.requests('DELETE', '/user/office_site/os-paid')).toEqual([]);

    fireEvent.click(screen.getByTestId('office-release-ok'));
    expect(await screen.findByText('正在释放「上海办公室」')).toBeTruthy();
    expect(fakeApi.requests('DELETE', '/user/office_site/os-paid')).toHaveLength(1);
  });

  it('shows the server’s reason when it refuses the release', async () => {
    const reason = '该办公网络仍有 2 台云电脑在使用，请先迁移或释放它们';
    fakeApi.fail('DELETE', '/user/office_site/os-paid', 422, reason);
    const row = await openRow(paid);
    fireEvent.click(row.getByTestId('office-site-release'));
    fireEvent.click(await screen.findByTestId('office-release-ok'));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByText('正在释放「上海办公室」')).toBeNull();
  });

  it('renames the network', async () => {
    fakeApi.ok('PUT', '/user/office_site/os-paid', { ...paid, name: '上海总部' });
    const row = await openRow(paid);
    fireEvent.click(row.getByTestId('office-site-rename'));
    const dialog = within(await screen.findByTestId('office-rename-dialog'));
    fireEvent.change(dialog.getByTestId('office-rename-name'), { target: { value: ' 上海总部 ' } });
    fireEvent.click(screen.getByTestId('office-rename-submit'));
    expect(await screen.findByText('名称已修改')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/office_site/os-paid')[0]?.body).toEqual({ name: '上海总部' });
  });

  it('switches auto-renew off', async () => {
    fakeApi.ok('PUT', '/user/office_site/os-paid', { ...paid, auto_renew: false });
    const row = await openRow(paid);
    fireEvent.click(row.getByTestId('office-site-auto-renew'));
    expect(await screen.findByText('已为「上海办公室」关闭自动续费')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/office_site/os-paid')[0]?.body).toEqual({ auto_renew: false });
  });

  it('shows the traffic of the last hour, and of another step when asked', async () => {
    fakeApi.on('GET', '/user/office_site/os-paid/network_flow', (request) => ({
      data: envelope(testFlow({ interval: request.query.interval as '1m' })),
    }));
    const row = await openRow(paid);
    fireEvent.click(row.getByTestId('office-site-traffic'));
    const drawer = within(await screen.findByTestId('office-traffic-drawer'));
    const totals = await drawer.findByTestId('office-traffic-totals');
    expect(totals.textContent).toContain('4.5 MB');
    expect(totals.textContent).toContain('19.5 MB');
    expect(totals.textContent).toContain('$0.002');
    expect(drawer.getByText('每分钟一个数据点 · 出网流量按 $0.077/GB 计费，每小时从余额结算。')).toBeTruthy();
    // Newest first in the table; oldest first along the chart's time axis.
    const table = drawer.getByTestId('office-traffic-table');
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('12 MB');
    await waitFor(() =>
      expect(chartSeries('office-traffic-chart')).toEqual([
        [
          '入流量',
          [
            [Date.parse('2026-11-22T08:00:00.000Z'), 1_500_000],
            [Date.parse('2026-11-22T08:01:00.000Z'), 3_000_000],
          ],
        ],
        [
          '出流量',
          [
            [Date.parse('2026-11-22T08:00:00.000Z'), 7_500_000],
            [Date.parse('2026-11-22T08:01:00.000Z'), 12_000_000],
          ],
        ],
      ]),
    );
    const [first] = fakeApi.requests('GET', '/user/office_site/os-paid/network_flow');
    expect(first?.query.interval).toBe('1m');
    expect(
      Date.parse(String(first?.query.end)) - Date.parse(String(first?.query.start)),
    ).toBeGreaterThanOrEqual(3_600_000);

    fireEvent.click(drawer.getByText('近 7 天'));
    await waitFor(() =>
      expect(fakeApi.requests('GET', '/user/office_site/os-paid/network_flow').at(-1)?.query.interval).toBe(
        '1h',
      ),
    );
    expect(drawer.getByText(/^每小时一个数据点/)).toBeTruthy();
  });
});
