import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearDicts } from '../../../../lib/dict-cache';
import { areaList } from '../../../../lib/regions';
import { fakeApi } from '../../../../test/fake-api';
import {
  SHUTDOWN_ACTIONS,
  batchAnswer,
  confirmBox,
  desktopRows,
  isDisabledItem,
  moreItem,
  ok,
  openDesktopList,
  rowAt,
  serveDesktops,
  testDesktop,
} from '../test-desktops';

vi.mock('../../../../lib/request', (original) =>
  import('../../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const running = testDesktop(1);
const shutdown = testDesktop(2, { name: 'design-pc', status: 'shutdown', actions: SHUTDOWN_ACTIONS });
const listRequests = () => fakeApi.requests('GET', '/user/desktop');
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

async function openWith(...desktops: Parameters<typeof serveDesktops>[0]) {
  serveDesktops(desktops);
  const view = await openDesktopList();
  await waitFor(() => expect(desktopRows()).toHaveLength(desktops.length));
  return view;
}

beforeAll(() => import('./desktop-list-page'), 30_000);

beforeEach(() => {
  clearDicts();
  areaList.reset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DesktopListPage row and batch actions', { timeout: 20_000 }, () => {
  it('offers the buttons each desktop’s state allows', async () => {
    await openWith(running, shutdown);

    expect(isDisabled(rowAt(0).getByTestId('desktop-connect'))).toBe(false);
    expect(isDisabled(rowAt(0).getByTestId('desktop-stop'))).toBe(false);
    expect(isDisabled(rowAt(0).getByTestId('desktop-reboot'))).toBe(false);
    expect(rowAt(0).queryByTestId('desktop-start')).toBeNull();

    expect(isDisabled(rowAt(1).getByTestId('desktop-connect'))).toBe(true);
    expect(isDisabled(rowAt(1).getByTestId('desktop-start'))).toBe(false);
    expect(isDisabled(rowAt(1).getByTestId('desktop-reboot'))).toBe(true);
    expect(rowAt(1).queryByTestId('desktop-stop')).toBeNull();

    expect(isDisabledItem(await moreItem(0, 'disconnect'))).toBe(false);
    expect(isDisabledItem(await moreItem(1, 'disconnect'))).toBe(true);
    expect(isDisabledItem(await moreItem(1, 'spec'))).toBe(false);
    expect(isDisabledItem(await moreItem(1, 'policy'))).toBe(false);
  });

  it('disables every action of a desktop that allows none', async () => {
    await openWith(testDesktop(3, { status: 'stopping', actions: [] }));
    for (const id of ['desktop-connect', 'desktop-stop', 'desktop-reboot']) {
      expect(isDisabled(rowAt(0).getByTestId(id))).toBe(true);
    }
    for (const action of ['edit', 'renew', 'spec', 'rebuild', 'migrate', 'disconnect', 'policy']) {
      expect(isDisabledItem(await moreItem(0, action))).toBe(true);
    }
    expect(isDisabledItem(await moreItem(0, 'detail'))).toBe(false);
  });

  it('starts at once, but asks before shutting down', async () => {
    await openWith(running, shutdown);
    fakeApi.ok('PUT', `/user/desktop/${shutdown.desktop_id}/run_status`, {
      desktop_id: shutdown.desktop_id,
      status: 'starting',
    });
    fakeApi.ok('PUT', `/user/desktop/${running.desktop_id}/run_status`, {
      desktop_id: running.desktop_id,
      status: 'stopping',
    });

    const before = listRequests().length;
    fireEvent.click(rowAt(1).getByTestId('desktop-start'));
    await waitFor(() =>
      expect(fakeApi.requests('PUT', `/user/desktop/${shutdown.desktop_id}/run_status`)[0]?.body).toEqual({
        action: 'start',
      }),
    );
    // The list is asked again, so the transitional status (and the polling) shows at once.
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(before));

    fireEvent.click(rowAt(0).getByTestId('desktop-stop'));
    expect((await screen.findByText(/确定关闭云电脑「office-pc-1」吗/)).textContent).toBeTruthy();
    expect(fakeApi.requests('PUT', `/user/desktop/${running.desktop_id}/run_status`)).toHaveLength(0);
    await confirmBox();
    await waitFor(() =>
      expect(fakeApi.requests('PUT', `/user/desktop/${running.desktop_id}/run_status`)[0]?.body).toEqual({
        action: 'stop',
      }),
    );
  });

  it('refreshes the list when the server says the desktop was not in that state (409)', async () => {
    await openWith(running);
    fakeApi.fail(
      'PUT',
      `/user/desktop/${running.desktop_id}/run_status`,
      409,
      '当前状态不允许执行该操作，请刷新后重试',
    );
    const before = listRequests().length;
    fireEvent.click(rowAt(0).getByTestId('desktop-reboot'));
    await confirmBox();
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(before));
    expect(await screen.findByText('当前状态不允许执行该操作，请刷新后重试')).toBeTruthy();
  });

  it('keeps the batch actions disabled until desktops are selected', async () => {
    await openWith(running, shutdown);
    const batch = ['start', 'stop', 'reboot', 'rebuild', 'migrate'].map((action) =>
      screen.getByTestId(`desktop-batch-${action}`),
    );
    expect(batch.every(isDisabled)).toBe(true);
    expect(screen.getByTestId('desktop-batch-count').textContent).toBe('请先勾选云电脑');

    fireEvent.click(rowAt(0).getByRole('checkbox'));
    await waitFor(() => expect(batch.some(isDisabled)).toBe(false));
    expect(screen.getByTestId('desktop-batch-count').textContent).toBe('已选 1 台云电脑');
  });

  it('shuts a selection down after confirming, and lists the desktops that refused', async () => {
    const third = testDesktop(3, { name: 'render-pc' });
    await openWith(running, shutdown, third);
    fakeApi.on('PUT', '/user/desktop/run_status', (request) => {
      const ids = (request.body as { desktop_ids: string[] }).desktop_ids;
      return ok(batchAnswer(ids, { [shutdown.desktop_id]: '当前状态不允许执行该操作，请刷新后重试' }));
    });

    for (const index of [0, 1, 2]) fireEvent.click(rowAt(index).getByRole('checkbox'));
    await waitFor(() =>
      expect(screen.getByTestId('desktop-batch-count').textContent).toBe('已选 3 台云电脑'),
    );
    fireEvent.click(screen.getByTestId('desktop-batch-stop'));
    expect(await screen.findByText('确定对已选的 3 台云电脑执行「关机」吗？')).toBeTruthy();
    await confirmBox();

    await waitFor(() =>
      expect(fakeApi.requests('PUT', '/user/desktop/run_status')[0]?.body).toEqual({
        action: 'stop',
        desktop_ids: [running.desktop_id, shutdown.desktop_id, third.desktop_id],
      }),
    );
    const summary = await screen.findByTestId('desktop-result-summary');
    expect(summary.textContent).toContain('部分云电脑操作失败');
    expect(summary.textContent).toContain('成功 2 台，失败 1 台');
    const results = within(screen.getByTestId('desktop-result-table')).getAllByRole('row').slice(1);
    expect(results).toHaveLength(3);
    // The refusal comes first, with the server's reason.
    expect(results[0]?.textContent).toContain('design-pc');
    expect(results[0]?.textContent).toContain('失败');
    expect(results[0]?.textContent).toContain('当前状态不允许执行该操作');
    expect(results[1]?.textContent).toContain('成功');
    // The selection is done with.
    await waitFor(() => expect(screen.getByTestId('desktop-batch-count').textContent).toBe('请先勾选云电脑'));
  });

  it('says “操作失败” when no desktop of the batch could do it', async () => {
    await openWith(running, shutdown);
    fakeApi.on('PUT', '/user/desktop/run_status', (request) => {
      const ids = (request.body as { desktop_ids: string[] }).desktop_ids;
      return ok(batchAnswer(ids, Object.fromEntries(ids.map((id) => [id, '不允许']))));
    });
    fireEvent.click(rowAt(0).getByRole('checkbox'));
    fireEvent.click(rowAt(1).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('desktop-batch-reboot'));
    await confirmBox();
    expect((await screen.findByTestId('desktop-result-summary')).textContent).toContain('操作失败');
  });

  it('connects in a new tab opened at the click, with a fresh ticket', async () => {
    const tab = { closed: false, opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openWith(running);
    fakeApi.ok('POST', '/user/wy_auth/get_login_token', {
      desktop_id: running.desktop_id,
      ticket: 'tk-1',
      expire_time: '2026-11-22T08:05:00.000Z',
      connect_url: 'https://sim.cloudbay.local/connect?ticket=tk-1',
    });

    fireEvent.click(rowAt(0).getByTestId('desktop-connect'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith('https://sim.cloudbay.local/connect?ticket=tk-1'),
    );
    expect(tab.opener).toBeNull();
    expect(fakeApi.requests('POST', '/user/wy_auth/get_login_token')[0]?.body).toEqual({
      desktop_id: running.desktop_id,
    });
  });

  it('switches auto-renew on a subscription, and explains why a pay-as-you-go desktop cannot', async () => {
    const payg = testDesktop(2, { billing_method: 'payg', expire_time: null });
    await openWith(running, payg);
    fakeApi.ok('PUT', `/user/desktop/${running.desktop_id}`, running);

    expect(rowAt(1).getByTestId('desktop-auto-renew').hasAttribute('disabled')).toBe(true);
    expect(rowAt(1).getByTestId('desktop-auto-renew-blocked')).toBeTruthy();
    fireEvent.click(rowAt(0).getByTestId('desktop-auto-renew'));
    await waitFor(() =>
      expect(fakeApi.requests('PUT', `/user/desktop/${running.desktop_id}`)[0]?.body).toEqual({
        auto_renew: true,
      }),
    );
  });

  it('keeps each auto-renew switch spinning until its own request has ended', async () => {
    const other = testDesktop(2, { name: 'design-pc' });
    await openWith(running, other);
    let answerFirst = () => {};
    fakeApi.on(
      'PUT',
      `/user/desktop/${running.desktop_id}`,
      () => new Promise((resolve) => (answerFirst = () => resolve(ok(running)))),
    );
    fakeApi.ok('PUT', `/user/desktop/${other.desktop_id}`, other);
    const spinning = (index: number) =>
      rowAt(index).getByTestId('desktop-auto-renew').classList.contains('ant-switch-loading');

    fireEvent.click(rowAt(0).getByTestId('desktop-auto-renew'));
    await waitFor(() =>
      expect(fakeApi.requests('PUT', `/user/desktop/${running.desktop_id}`)).toHaveLength(1),
    );
    expect(spinning(0)).toBe(true);

    fireEvent.click(rowAt(1).getByTestId('desktop-auto-renew'));
    await waitFor(() => expect(fakeApi.requests('PUT', `/user/desktop/${other.desktop_id}`)).toHaveLength(1));
    // The second row's answer has come; the first row still waits for its own.
    await waitFor(() => expect(spinning(1)).toBe(false));
    expect(spinning(0)).toBe(true);

    answerFirst();
    await waitFor(() => expect(spinning(0)).toBe(false));
    // Each switch's own answer is reported, the first one's too.
    await waitFor(() => expect(screen.getAllByText('已开启自动续费')).toHaveLength(2));
  });

  it('opens the monitoring page of a desktop', async () => {
    const { router } = await openWith(running);
    fireEvent.click(await moreItem(0, 'monitor'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/log'));
    expect(router.state.location.search).toBe(`?desktop_id=${running.desktop_id}`);
  });

  it("opens the desktop's proxy settings link from its menu and from its details, and creates one", async () => {
    const linkPath = `/user/proxy_link/desktop/${running.desktop_id}`;
    fakeApi.ok('GET', linkPath, { active: false, created_at: null, last_used_at: null });
    fakeApi.ok('POST', linkPath, {
      active: true,
      created_at: '2026-11-20T00:00:00Z',
      last_used_at: null,
      token: 'T'.repeat(43),
    });
    await openWith(running);
    fireEvent.click(await moreItem(0, 'proxy'));
    expect((await screen.findByTestId('proxy-link-status', {}, { timeout: 5_000 })).textContent).toContain(
      '暂无有效链接',
    );
    fireEvent.click(screen.getByTestId('proxy-link-create'));
    const link = (await screen.findByTestId('proxy-link-url')) as HTMLInputElement;
    expect(link.value).toBe(
      `${window.location.origin}/proxySet?id=${running.desktop_id}#token=${'T'.repeat(43)}`,
    );
    expect(fakeApi.requests('POST', linkPath)).toHaveLength(1);
    fireEvent.click(screen.getByText('关 闭'));

    fakeApi.ok('GET', `/user/desktop/${running.desktop_id}/accounts`, []);
    fakeApi.ok('GET', `/user/desktop/${running.desktop_id}/son_account`, []);
    fireEvent.click(rowAt(0).getByTestId('desktop-name'));
    fireEvent.click(await screen.findByTestId('desktop-detail-proxy'));
    await waitFor(() => expect(screen.getAllByTestId('proxy-link-status').length).toBeGreaterThan(0));
  }, 30_000);

  it('shows every field, the users who can log in and the bound sub-accounts in the details', async () => {
    await openWith(testDesktop(1, { end_user: 'alice', policy_id: 'pl-strict' }));
    fakeApi.ok('GET', `/user/desktop/${running.desktop_id}/accounts`, [
      { user_name: 'alice', connected_sessions: 1 },
    ]);
    fakeApi.ok('GET', `/user/desktop/${running.desktop_id}/son_account`, [
      {
        account_id: 9,
        nickname: 'Ops team',
        email: 'ops@example.com',
        status: '0',
        bound_at: '2026-11-20T00:00:00Z',
      },
    ]);
    fireEvent.click(rowAt(0).getByTestId('desktop-name'));
    const detail = await screen.findByTestId('desktop-detail');
    expect(detail.textContent).toContain('10.0.0.8');
    expect(detail.textContent).toContain('严格策略');
    expect(detail.textContent).toContain('img-win2022');
    await waitFor(() =>
      expect(within(detail).getByTestId('desktop-detail-accounts').textContent).toContain('alice'),
    );
    await waitFor(() =>
      expect(within(detail).getByTestId('desktop-detail-sub-accounts').textContent).toContain(
        'ops@example.com',
      ),
    );
  });
});
