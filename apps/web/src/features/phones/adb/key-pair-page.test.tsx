import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { narrowScreen } from '../../../test/screen';
import { envelope } from '../../../test/mock-adapter';
import { openListPage, tableRows } from '../../../test/list-page';
import { serveKeyPairs, servePhones, testKeyPair, testPhone } from '../test-phone-pages';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const PAIRS = '/user/ph/adb/key_pair';
const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
const openKeys = () =>
  openListPage({ path: '/phone/phoneadb', component: 'phone/adb', pageTestId: 'page-key-pairs' });
const rows = () => tableRows('key-pairs-table');
const row = (index: number) => rows()[index] as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

/** Fills the create form with `name` and submits it. */
async function createWithName(name: string) {
  fireEvent.click(screen.getByTestId('key-create'));
  const form = await screen.findByTestId('key-create-form');
  fireEvent.change(within(form).getByTestId('key-create-name'), { target: { value: name } });
  fireEvent.click(screen.getByTestId('key-create-save'));
  return form;
}

describe('KeyPairPage', { timeout: 20_000 }, () => {
  it('lists the key pairs with their fingerprints and phones, paged on the server', async () => {
    serveKeyPairs([testKeyPair('kp-1', 'adb-main', { phone_count: 2 }), testKeyPair('kp-2', '测试密钥')]);
    await openKeys();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(row(0)).getByTestId('key-name').textContent).toBe('adb-main');
    expect(row(0).textContent).toContain('kp-1');
    expect(row(0).textContent).toContain('3f:0a:9c');
    expect(within(row(0)).getByTestId('key-phone-count').textContent).toBe('2 台');
    expect(fakeApi.requests('GET', PAIRS)[0]?.query).toEqual({ page: 1, limit: 20 });
  });

  it('shows one card per key pair on a phone, with its id, fingerprint and actions', async () => {
    const media = narrowScreen();
    serveKeyPairs([testKeyPair('kp-1', 'adb-main', { phone_count: 2 })]);
    await openKeys();
    const [card] = await screen.findAllByTestId('key-pairs-card');
    expect(within(card!).getByTestId('key-name').textContent).toBe('adb-main');
    expect(card!.textContent).toContain('kp-1');
    expect(card!.textContent).toContain('3f:0a:9c');
    expect(within(card!).getByTestId('key-phone-count').textContent).toBe('2 台');
    expect(within(card!).getByTestId('key-rename')).toBeTruthy();
    expect(screen.queryByTestId('key-pairs-table')).toBeNull();
    media.mockRestore();
  });

  it('shows the first-use state with a way to create a pair', async () => {
    serveKeyPairs([]);
    await openKeys();
    const empty = await screen.findByTestId('key-pairs-empty');
    expect(empty.textContent).toContain('还没有密钥对');
    expect(within(empty).getByTestId('key-create-first')).toBeTruthy();
  });

  it('checks the name with the server rule before sending anything', async () => {
    serveKeyPairs([]);
    await openKeys();
    const form = await createWithName('my key!');
    expect(
      await within(form).findByText('名称需为 2–128 个字符，仅支持中文、英文、数字、下划线和连字符'),
    ).toBeTruthy();
    fireEvent.change(within(form).getByTestId('key-create-name'), { target: { value: 'k' } });
    await waitFor(() => expect(within(form).queryAllByText(/名称需为 2–128/)).toHaveLength(1));
    expect(fakeApi.requests('POST', PAIRS)).toHaveLength(0);
  });

  it('generates a pair and shows its private key once, with copy and a .pem download', async () => {
    serveKeyPairs([]);
    fakeApi.on('POST', PAIRS, (request) => {
      serveKeyPairs([testKeyPair('kp-9', 'adb-new')]);
      return {
        data: envelope({ ...testKeyPair('kp-9', (request.body as { name: string }).name), private_key: PEM }),
      };
    });
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:key';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await openKeys();
    await screen.findByTestId('key-pairs-empty');
    await createWithName('  adb-new  ');

    await waitFor(() => expect(fakeApi.requests('POST', PAIRS)).toHaveLength(1));
    const [create] = fakeApi.requests('POST', PAIRS);
    expect(create?.body).toEqual({ name: 'adb-new' });
    expect(create?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    const secret = (await screen.findByTestId('key-secret')) as HTMLTextAreaElement;
    expect(secret.value).toBe(PEM);
    const dialog = secret.closest('.ant-modal') as HTMLElement;
    expect(dialog.textContent).toContain('私钥只显示这一次');
    expect(dialog.textContent).toContain('关闭此窗口后将无法再次查看或下载');

    fireEvent.click(screen.getByTestId('key-secret-download'));
    expect(clicked).toEqual(['adb-new.pem']);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(await blob?.text()).toBe(PEM);
    click.mockRestore();

    fireEvent.click(screen.getByTestId('key-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('key-secret')).toBeNull());
    // Gone for good: the list shows the pair, and nothing on the page holds the key any more.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(document.body.innerHTML).not.toContain('BEGIN PRIVATE KEY');
  });

  it('imports a public key, checked first, without any private key dialog', async () => {
    serveKeyPairs([]);
    fakeApi.ok('POST', PAIRS, { ...testKeyPair('kp-3', 'laptop'), private_key: null });
    await openKeys();
    await screen.findByTestId('key-pairs-empty');
    fireEvent.click(screen.getByTestId('key-create'));
    const form = await screen.findByTestId('key-create-form');
    fireEvent.change(within(form).getByTestId('key-create-name'), { target: { value: 'laptop' } });
    fireEvent.click(within(form).getByText('导入公钥'));
    const key = await within(form).findByTestId('key-create-public');
    fireEvent.change(key, { target: { value: '-----BEGIN PRIVATE KEY-----' } });
    fireEvent.click(screen.getByTestId('key-create-save'));
    expect(await within(form).findByText(/公钥格式不正确/)).toBeTruthy();
    expect(fakeApi.requests('POST', PAIRS)).toHaveLength(0);

    fireEvent.change(key, { target: { value: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQAB me@laptop' } });
    fireEvent.click(screen.getByTestId('key-create-save'));
    await waitFor(() => expect(fakeApi.requests('POST', PAIRS)).toHaveLength(1));
    expect(fakeApi.requests('POST', PAIRS)[0]?.body).toEqual({
      name: 'laptop',
      public_key: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQAB me@laptop',
    });
    expect(await screen.findByText('公钥已导入')).toBeTruthy();
    expect(screen.queryByTestId('key-secret')).toBeNull();
  });

  it('renames a pair with the same name rule', async () => {
    serveKeyPairs([testKeyPair('kp-1', 'adb-main')]);
    fakeApi.ok('PUT', `${PAIRS}/kp-1`, testKeyPair('kp-1', '新名字'));
    await openKeys();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(row(0)).getByTestId('key-rename'));
    const form = await screen.findByTestId('key-rename-form');
    await waitFor(() =>
      expect((within(form).getByTestId('key-rename-name') as HTMLInputElement).value).toBe('adb-main'),
    );
    fireEvent.change(within(form).getByTestId('key-rename-name'), { target: { value: 'a.b' } });
    fireEvent.click(screen.getByTestId('key-rename-save'));
    expect(await within(form).findByText(/名称需为 2–128/)).toBeTruthy();
    fireEvent.change(within(form).getByTestId('key-rename-name'), { target: { value: '新名字' } });
    fireEvent.click(screen.getByTestId('key-rename-save'));
    await waitFor(() => expect(fakeApi.requests('PUT', `${PAIRS}/kp-1`)).toHaveLength(1));
    expect(fakeApi.requests('PUT', `${PAIRS}/kp-1`)[0]?.body).toEqual({ name: '新名字' });
    expect(await screen.findByText('密钥对已重命名')).toBeTruthy();
  });

  it("shows the server's translated refusal when deleting a pair still attached", async () => {
    serveKeyPairs([testKeyPair('kp-1', 'adb-main', { phone_count: 1 })]);
    fakeApi.fail('DELETE', `${PAIRS}/kp-1`, 409, '密钥对仍绑定在云手机上，请先解绑', {
      error_code: 'KEY_PAIR_IN_USE',
    });
    await openKeys();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(row(0)).getByTestId('key-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('该密钥对仍绑定在 1 台云手机上');
    fireEvent.click(within(dialog).getByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() => expect(fakeApi.requests('DELETE', `${PAIRS}/kp-1`)).toHaveLength(1));
    expect(await screen.findByText('密钥对仍绑定在云手机上，请先解绑')).toBeTruthy();
    expect(screen.queryByText('密钥对已删除')).toBeNull();
  });

  it('attaches a pair to chosen phones and keeps the refused with their reasons', async () => {
    serveKeyPairs([testKeyPair('kp-1', 'adb-main')]);
    servePhones([
      testPhone('ph-a', 'alpha'),
      testPhone('ph-b', 'bravo', { status: 'stopped' }),
      testPhone('ph-c', 'charlie', { status: 'creating' }),
      testPhone('ph-d', 'delta', { key_pair_id: 'kp-1' }),
    ]);
    fakeApi.ok('POST', '/user/ph/adb/attach_key/kp-1', {
      results: [
        { phone_id: 'ph-a', ok: true, status: 'running', code: null, message: null },
        {
          phone_id: 'ph-b',
          ok: false,
          status: null,
          code: 'RESOURCE_ACTION_FORBIDDEN',
          message: '当前状态不允许此操作',
        },
      ],
    });
    await openKeys();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(row(0)).getByTestId('key-phones'));
    fireEvent.click(await screen.findByTestId('key-attach'));
    const select = await screen.findByTestId('key-phones-picker');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    await screen.findByText('alpha');
    const option = (name: string) => screen.getByText(name).closest('.ant-select-item-option') as HTMLElement;
    expect(option('charlie').className).toContain('disabled');
    expect(option('delta').className).toContain('disabled');
    expect(option('delta').textContent).toContain('已绑定');
    fireEvent.click(option('alpha'));
    fireEvent.click(option('bravo'));
    fireEvent.click(screen.getByTestId('key-phones-submit'));

    await waitFor(() => expect(fakeApi.requests('POST', '/user/ph/adb/attach_key/kp-1')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/user/ph/adb/attach_key/kp-1')[0]?.body).toEqual({
      phone_ids: ['ph-a', 'ph-b'],
    });
    expect(await screen.findByText('已为 1 台云手机绑定密钥对')).toBeTruthy();
    const failures = await screen.findByTestId('key-phones-failures');
    expect(failures.textContent).toContain('bravo: 当前状态不允许此操作');
  });
});
