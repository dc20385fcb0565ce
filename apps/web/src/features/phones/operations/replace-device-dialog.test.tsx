import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Phone } from '@cloudbay/contracts';
import { Providers } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { fakeApi } from '../../../test/fake-api';
import { testPhone as sharedTestPhone } from './test-phone';
import { ReplaceDeviceDialog, deviceOf, replaceRequest } from './replace-device-dialog';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

/** A phone's entry in replace_v2's answer: replacing as `brand model`. */
const replaced = (phoneId: string, brand: string, model: string) => ({
  phone_id: phoneId,
  ok: true,
  status: 'resetting',
  code: null,
  message: null,
  brand,
  model,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const REPLACE = '/user/ph/phone/replace_v2';

/** Phone n: a running Redmi 5A (the tools' fixture with this test's device). */
function testPhone(n: number, extra: Partial<Phone> = {}): Phone {
  return sharedTestPhone({
    id: `ph-${n}`,
    name: `shop-${n}`,
    instance_id: `acp-${n}`,
    brand: 'Redmi',
    model: 'Redmi 5A',
    resolution: '720x1280',
    orientation: 'portrait',
    feature_level: '25',
    actions: [],
    ...extra,
  });
}

function serveCatalogue() {
  fakeApi.ok('GET', '/ph/replace/country', [
    { code: 'CN', name: '中国大陆', name_zh: '中国大陆', name_en: 'Chinese mainland' },
    { code: 'JP', name: '日本', name_zh: '日本', name_en: 'Japan' },
  ]);
  fakeApi.ok('GET', '/ph/fake_ph/brand', [
    { brand: 'samsung', name: '三星', model_count: 2 },
    { brand: 'google', name: '谷歌', model_count: 1 },
  ]);
  fakeApi.on('GET', '/ph/fake_ph/ph', (request) => ({
    data: {
      code: 200,
      msg: '',
      success: true,
      data:
        request.query.brand === 'samsung'
          ? [
              { brand: 'samsung', model: 'Galaxy S24', resolution: '1080x2340', feature_level: '34' },
              { brand: 'samsung', model: 'Galaxy J5', resolution: '720x1280', feature_level: '22' },
            ]
          : [{ brand: 'google', model: 'Pixel 8', resolution: '1080x2400', feature_level: '34' }],
    },
  }));
}

function openDialog(phones: Phone[], onClose = vi.fn()) {
  render(
    <Providers>
      <ReplaceDeviceDialog phones={phones} open onClose={onClose} />
    </Providers>,
  );
  return onClose;
}

const body = async () => within(await screen.findByTestId('phone-replace-body'));

async function choose(testId: string, option: string) {
  const dialog = await body();
  fireEvent.mouseDown(within(dialog.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click((await screen.findAllByText(option)).at(-1)!);
}

beforeEach(() => {
  fakeApi.reset();
  serveCatalogue();
});

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('replaceRequest', () => {
  it('sends only what was chosen, and a model only with its brand', () => {
    const phones = [testPhone(1), testPhone(2)];
    expect(replaceRequest(phones, { country: '', brand: '', model: '' })).toEqual({
      phoneIds: ['ph-1', 'ph-2'],
    });
    expect(replaceRequest(phones, { country: 'JP', brand: 'google', model: 'Pixel 8' })).toEqual({
      phoneIds: ['ph-1', 'ph-2'],
      country: 'JP',
      brand: 'google',
      model: 'Pixel 8',
    });
    expect(replaceRequest(phones, { country: '', brand: '', model: 'Pixel 8' })).toEqual({
      phoneIds: ['ph-1', 'ph-2'],
    });
  });
});

describe('deviceOf', () => {
  it('names the brand once', () => {
    expect(deviceOf({ brand: 'samsung', model: 'Galaxy S24' })).toBe('samsung Galaxy S24');
    expect(deviceOf({ brand: 'samsung', model: 'Galaxy S24' }, '三星')).toBe('三星 Galaxy S24');
    expect(deviceOf({ brand: 'Xiaomi', model: 'Xiaomi 14' }, '小米')).toBe('Xiaomi 14');
    expect(deviceOf({ brand: 'Xiaomi', model: 'Xiaomi 14' })).toBe('Xiaomi 14');
    expect(deviceOf({ brand: null, model: null })).toBeNull();
  });
});

describe('ReplaceDeviceDialog', { timeout: 20_000 }, () => {
  it('warns, waits for the typed confirmation, replaces with the chosen device and shows each phone’s outcome', async () => {
    const phones = [testPhone(1), testPhone(2, { name: 'shop-2', status: 'resetting' })];
    fakeApi.ok('POST', REPLACE, {
      results: [
        replaced('ph-1', 'samsung', 'Galaxy S24'),
        {
          phone_id: 'ph-2',
          ok: false,
          status: null,
          code: 'RESOURCE_ACTION_FORBIDDEN',
          message: '当前状态不允许执行该操作，请刷新后重试',
          brand: null,
          model: null,
        },
      ],
    });
    const onClose = openDialog(phones);
    const dialog = await body();
    expect(dialog.getByTestId('phone-replace-targets').textContent).toContain('已选择 2 台云手机');
    expect(dialog.getByTestId('phone-replace-targets').textContent).toContain('当前设备: Redmi 5A');
    expect(dialog.getByText('更换设备会清除云手机上的全部数据')).toBeTruthy();
    // The model waits for a brand.
    expect(
      within(dialog.getByTestId('phone-replace-model')).getByRole('combobox').hasAttribute('disabled'),
    ).toBe(true);

    await choose('phone-replace-country', '日本 (JP)');
    await choose('phone-replace-brand', '三星');
    await choose('phone-replace-model', 'Galaxy S24 · 1080x2340');
    expect(fakeApi.requests('GET', '/ph/fake_ph/ph')[0]?.query).toEqual({ brand: 'samsung' });

    const submit = screen.getByTestId('phone-replace-submit');
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(dialog.getByTestId('phone-replace-confirm'), { target: { value: '确认' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(dialog.getByTestId('phone-replace-confirm'), { target: { value: '确认更换' } });
    expect(submit.hasAttribute('disabled')).toBe(false);
    fireEvent.click(submit);

    const summary = await screen.findByTestId('phone-replace-summary');
    expect(summary.textContent).toContain('部分云手机未能更换');
    expect(summary.textContent).toContain('1 台已开始更换，1 台未能更换');
    const [request] = fakeApi.requests('POST', REPLACE);
    expect(request?.body).toEqual({
      phone_ids: ['ph-1', 'ph-2'],
      country: 'JP',
      brand: 'samsung',
      model: 'Galaxy S24',
    });
    expect(request?.headers['idempotency-key']).toMatch(UUID);
    // The outcome's table loads on demand (components/lazy-table.tsx).
    const results = await screen.findByTestId('phone-replace-table');
    expect(results.textContent).toContain('samsung Galaxy S24');
    expect(results.textContent).toContain('当前状态不允许执行该操作');

    fireEvent.click(screen.getByTestId('phone-replace-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves everything to chance by default, sends one key per intent, and speaks English', async () => {
    await i18n.changeLanguage('en-US');
    let calls = 0;
    fakeApi.on('POST', REPLACE, () => {
      calls += 1;
      // The first send gets no answer the page can trust (a 5xx): the retry must reuse its key.
      return calls === 1
        ? { status: 502, data: { code: 502, msg: 'bad gateway', success: false, data: null } }
        : {
            data: {
              code: 200,
              msg: '',
              success: true,
              data: {
                results: [replaced('ph-1', 'google', 'Pixel 8')],
              },
            },
          };
    });
    openDialog([testPhone(1)]);
    const dialog = await body();
    expect(dialog.getByText('Replacing the device wipes all data on the phone')).toBeTruthy();
    fireEvent.change(dialog.getByTestId('phone-replace-confirm'), { target: { value: 'replace' } });
    fireEvent.click(screen.getByTestId('phone-replace-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', REPLACE)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('phone-replace-submit').classList).not.toContain('ant-btn-loading'),
    );
    // Past the duplicate-submission guard's window, as a user pressing again later would be.
    window.sessionStorage.clear();
    fireEvent.click(screen.getByTestId('phone-replace-submit'));

    expect((await screen.findByTestId('phone-replace-summary')).textContent).toContain('Replacement started');
    const [first, second] = fakeApi.requests('POST', REPLACE);
    expect(first?.body).toEqual({ phone_ids: ['ph-1'] });
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect((await screen.findByTestId('phone-replace-table')).textContent).toContain('google Pixel 8');
  });
});
