import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../../lib/i18n';
import { fakeApi } from '../../../test/fake-api';
import { openListPage, tableRows } from '../../../test/list-page';
import { defaultPolicy, servePolicies, testDesktop, testPolicy } from '../test-policies';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const custom = testPolicy('pl-2', {
  name: '财务部',
  clipboard: 'read',
  local_drive: 'readwrite',
  usb_redirect: true,
  desktop_count: 2,
});

const openPolicies = () =>
  openListPage({ path: '/cloud/strategy', component: 'cloud/strategy', pageTestId: 'page-policies' });

const rows = () => tableRows('policies-table');
const row = (index: number) => rows()[index] as HTMLElement;

describe('PolicyPage', { timeout: 20_000 }, () => {
  it('lists the policies with readable permissions, the default badge and their desktops', async () => {
    servePolicies([defaultPolicy, custom]);
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(2));

    const first = within(row(0));
    expect(first.getByTestId('policy-default').textContent).toBe('默认');
    expect(first.getByTestId('policy-clipboard').textContent).toBe('双向');
    expect(first.getByTestId('policy-local-drive').textContent).toBe('只读');
    expect(first.getByTestId('policy-usb').textContent).toBe('禁用');
    expect(row(0).textContent).toContain('3 台');

    const second = within(row(1));
    expect(second.queryByTestId('policy-default')).toBeNull();
    expect(second.getByTestId('policy-clipboard').textContent).toBe('仅本地到云电脑');
    expect(second.getByTestId('policy-local-drive').textContent).toBe('读写');
    expect(second.getByTestId('policy-usb').textContent).toBe('允许');
    expect(fakeApi.requests('GET', '/user/policy')[0]?.query).toEqual({ page: 1, limit: 20 });
  });

  it('locks the default policy: edit and delete are disabled and say why; it can still be assigned', async () => {
    servePolicies([defaultPolicy, custom]);
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = within(row(0));
    expect(first.getByTestId('policy-edit').hasAttribute('disabled')).toBe(true);
    expect(first.getByTestId('policy-delete').hasAttribute('disabled')).toBe(true);
    expect(first.getByTestId('policy-assign').hasAttribute('disabled')).toBe(false);
    fireEvent.mouseEnter(first.getByTestId('policy-delete-locked'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('默认策略不可编辑或删除');

    fireEvent.click(first.getByTestId('policy-delete'));
    fireEvent.click(first.getByTestId('policy-edit'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(row(1)).getByTestId('policy-edit').hasAttribute('disabled')).toBe(false);
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
  });

  it('creates a policy with the chosen permissions', async () => {
    servePolicies([defaultPolicy]);
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('policy-create'));
    const form = await screen.findByTestId('policy-form');

    fireEvent.click(screen.getByTestId('policy-save'));
    expect(await within(form).findByText('请输入策略名称')).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/policy')).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('policy-name'), { target: { value: '  研发部  ' } });
    fireEvent.click(within(form).getByText('双向'));
    fireEvent.click(within(form).getByText('只读'));
    fireEvent.click(within(form).getByTestId('policy-usb-field'));
    fireEvent.click(screen.getByTestId('policy-save'));

    await waitFor(() => expect(fakeApi.requests('POST', '/user/policy')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/user/policy')[0]?.body).toEqual({
      name: '研发部',
      clipboard: 'readwrite',
      local_drive: 'read',
      usb_redirect: true,
    });
    expect(await screen.findByText('策略已创建')).toBeTruthy();
    // The list is asked again, so the new policy shows.
    await waitFor(() => expect(fakeApi.requests('GET', '/user/policy').length).toBeGreaterThan(1));
  });

  it('retries a creation whose answer never came with the same Idempotency-Key, a new one after', async () => {
    servePolicies([defaultPolicy]);
    fakeApi.fail('POST', '/user/policy', 504, '网关超时');
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('policy-create'));
    const form = await screen.findByTestId('policy-form');
    fireEvent.change(within(form).getByTestId('policy-name'), { target: { value: '研发部' } });
    fireEvent.click(screen.getByTestId('policy-save'));
    await waitFor(() => expect(fakeApi.requests('POST', '/user/policy')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('policy-save').className).not.toContain('loading'));

    // The same form again (after the duplicate-submit guard's 2 s): the same intent, the same key.
    servePolicies([defaultPolicy]);
    window.sessionStorage.clear();
    fireEvent.click(screen.getByTestId('policy-save'));
    expect(await screen.findByText('策略已创建')).toBeTruthy();
    const keys = () =>
      fakeApi.requests('POST', '/user/policy').map((request) => request.headers['idempotency-key']);
    expect(keys()).toHaveLength(2);
    expect(keys()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys()[1]).toBe(keys()[0]);

    // Once answered, the next creation is another intent, even with the same contents.
    window.sessionStorage.clear();
    fireEvent.click(screen.getByTestId('policy-create'));
    fireEvent.change(within(form).getByTestId('policy-name'), { target: { value: '研发部' } });
    fireEvent.click(screen.getByTestId('policy-save'));
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it('edits a policy from its current values', async () => {
    servePolicies([defaultPolicy, custom]);
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(1)).getByTestId('policy-edit'));
    const form = await screen.findByTestId('policy-form');
    await waitFor(() =>
      expect((within(form).getByTestId('policy-name') as HTMLInputElement).value).toBe('财务部'),
    );
    fireEvent.change(within(form).getByTestId('policy-name'), { target: { value: '财务部-只读' } });
    fireEvent.click(within(within(form).getByTestId('policy-clipboard-field')).getByText('禁用'));
    fireEvent.click(screen.getByTestId('policy-save'));

    await waitFor(() => expect(fakeApi.requests('PUT', '/user/policy/pl-2')).toHaveLength(1));
    expect(fakeApi.requests('PUT', '/user/policy/pl-2')[0]?.body).toEqual({
      name: '财务部-只读',
      clipboard: 'off',
      local_drive: 'readwrite',
      usb_redirect: true,
    });
    expect(await screen.findByText('策略已保存')).toBeTruthy();
  });

  it('deletes a policy after a confirmation that names the desktops using it', async () => {
    servePolicies([defaultPolicy, custom]);
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(1)).getByTestId('policy-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('删除策略「财务部」？');
    expect(dialog.textContent).toContain('2 台云电脑正在使用该策略');
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() => expect(fakeApi.requests('DELETE', '/user/policy/pl-2')).toHaveLength(1));
    expect(await screen.findByText('策略已删除')).toBeTruthy();
  });

  it('steps back to the last page with policies when the last one of the last page is deleted', async () => {
    // 21 policies: the last page (2) holds one.
    const many = Array.from({ length: 20 }, (_, index) => testPolicy(`pl-${100 + index}`));
    servePolicies([defaultPolicy, ...many]);
    const { router } = await openListPage({
      path: '/cloud/strategy',
      component: 'cloud/strategy',
      pageTestId: 'page-policies',
      at: '/cloud/strategy?page=2',
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(row(0).textContent).toContain('policy-pl-119');
    fireEvent.click(within(row(0)).getByTestId('policy-delete'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() => expect(fakeApi.requests('DELETE', '/user/policy/pl-119')).toHaveLength(1));

    // Page 2 is past the 20 left: page 1 shows them, not "no policies yet".
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(fakeApi.requests('GET', '/user/policy').at(-1)?.query).toEqual({ page: 1, limit: 20 });
    expect(screen.queryByTestId('policies-empty')).toBeNull();
  });

  it('assigns a policy to the chosen desktops; current and busy ones cannot be chosen', async () => {
    servePolicies(
      [defaultPolicy, custom],
      [
        testDesktop('dt-1', 'sales-pc'),
        testDesktop('dt-2', 'design-pc', { status: 'shutdown' }),
        testDesktop('dt-3', 'old-pc', { policy_id: 'pl-2' }),
        testDesktop('dt-4', 'new-pc', { status: 'pending' }),
      ],
    );
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(1)).getByTestId('policy-assign'));
    // The dialog's code loads on demand: antd's loading dialog may stand in for a moment.
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('分配策略「财务部」'));

    fireEvent.click(screen.getByTestId('policy-assign-submit'));
    expect(await screen.findByText('请至少选择一台云电脑')).toBeTruthy();

    const select = screen.getByTestId('policy-assign-desktops');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    await screen.findByText('sales-pc');
    const option = (name: string) => screen.getByText(name).closest('.ant-select-item-option') as HTMLElement;
    expect(option('old-pc').className).toContain('disabled');
    expect(option('old-pc').textContent).toContain('已使用');
    expect(option('new-pc').className).toContain('disabled');
    expect(option('new-pc').textContent).toContain('当前状态不可更换');
    fireEvent.click(option('sales-pc'));
    fireEvent.click(option('design-pc'));
    fireEvent.click(option('old-pc'));
    fireEvent.click(screen.getByTestId('policy-assign-submit'));

    await waitFor(() => expect(fakeApi.requests('PUT', '/user/policy/pl-2/desktops')).toHaveLength(1));
    expect(fakeApi.requests('PUT', '/user/policy/pl-2/desktops')[0]?.body).toEqual({
      desktop_ids: ['dt-1', 'dt-2'],
    });
    expect(await screen.findByText('已为 2 台云电脑分配策略')).toBeTruthy();
  });

  it('keeps the desktops the server refused chosen, with its reason', async () => {
    servePolicies(
      [defaultPolicy, custom],
      [testDesktop('dt-1', 'sales-pc'), testDesktop('dt-2', 'design-pc', { status: 'shutdown' })],
      ['dt-2'],
    );
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(row(1)).getByTestId('policy-assign'));
    const select = await screen.findByTestId('policy-assign-desktops');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    const option = (name: string) =>
      screen.getAllByText(name).find((element) => element.closest('.ant-select-item-option')) as HTMLElement;
    await screen.findByText('sales-pc');
    fireEvent.click(option('sales-pc'));
    fireEvent.click(option('design-pc'));
    fireEvent.click(screen.getByTestId('policy-assign-submit'));

    const failures = await screen.findByTestId('policy-assign-failures');
    expect(failures.textContent).toContain('1 台云电脑未能更换策略');
    expect(failures.textContent).toContain('design-pc: 当前状态不允许该操作');
    expect(await screen.findByText('已为 1 台云电脑分配策略')).toBeTruthy();
    // Still open, with only the refused one chosen: trying again (later than the duplicate-submit
    // guard's 2 s, whose memory is in session storage) asks for it alone.
    window.sessionStorage.clear();
    fireEvent.click(screen.getByTestId('policy-assign-submit'));
    await waitFor(() => expect(fakeApi.requests('PUT', '/user/policy/pl-2/desktops')).toHaveLength(2));
    expect(fakeApi.requests('PUT', '/user/policy/pl-2/desktops')[1]?.body).toEqual({ desktop_ids: ['dt-2'] });
  });

  it('searches policies by name', async () => {
    servePolicies([defaultPolicy, custom]);
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Looked up each time: the clear button's wrapper replaces the input once it has text. The
    // input takes Enter once until the key is released.
    const search = (text: string) => {
      const input = () => screen.getByPlaceholderText('搜索策略名称');
      fireEvent.change(input(), { target: { value: text } });
      fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    search(' 财务 ');
    await waitFor(() =>
      expect(fakeApi.requests('GET', '/user/policy').at(-1)?.query).toEqual({
        page: 1,
        limit: 20,
        name: '财务',
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    search('无此策略');
    expect((await screen.findByTestId('policies-empty')).textContent).toContain('没有符合条件的策略');
  });

  it('shows one block per policy on a phone, with its actions in reach', async () => {
    // The mobile layout of spec §2: below 992 px.
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: query.includes('991.98px'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    try {
      servePolicies([defaultPolicy, custom]);
      await openPolicies();
      const cards = await screen.findAllByTestId('policy-card');
      expect(cards).toHaveLength(2);
      expect(screen.queryByTestId('policies-table')).toBeNull();
      expect(cards[1]!.textContent).toContain('财务部');
      expect(cards[1]!.textContent).toContain('仅本地到云电脑');
      expect(within(cards[0]!).getByTestId('policy-delete').hasAttribute('disabled')).toBe(true);
      fireEvent.click(within(cards[1]!).getByTestId('policy-delete'));
      expect((await screen.findByRole('dialog')).textContent).toContain('删除策略「财务部」？');
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('speaks English on an English page', async () => {
    await i18n.changeLanguage('en-US');
    servePolicies([defaultPolicy, custom]);
    await openPolicies();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Desktop policies')).toBeTruthy();
    expect(within(row(0)).getByTestId('policy-default').textContent).toBe('Default');
    expect(within(row(0)).getByTestId('policy-clipboard').textContent).toBe('Both ways');
    expect(within(row(1)).getByTestId('policy-local-drive').textContent).toBe('Read and write');
    expect(row(1).textContent).toContain('2 computers');
    fireEvent.mouseEnter(within(row(0)).getByTestId('policy-edit-locked'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'The default policy cannot be edited or deleted',
    );
  });
});
