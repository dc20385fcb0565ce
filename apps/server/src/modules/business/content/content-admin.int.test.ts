import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { createTestApp, testConfig } from '../../../../test/context';
import { FILE_SAMPLES, multipartFile, sampleImage } from '../../../../test/file-samples';
import { withIdempotencyKey } from '../../../../test/idempotency';
import { demoOperatorHeaders, operatorWith } from '../../../../test/operators';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudbay-content-'));
  ctx = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  admin = await demoOperatorHeaders(ctx.app, ctx.db);
  customer = (await loggedInUser(ctx.app, ctx.db)).headers;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = admin, payload?: object) =>
  ctx.app.inject({ method, url, headers: withIdempotencyKey(method, headers), payload });

async function uploadAs(headers: Record<string, string>, fileName: string, content: Buffer) {
  const body = multipartFile(fileName, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().fileName as string;
}

const bannerBody = (image: string, overrides: Record<string, unknown> = {}) => ({
  titleZh: '双十一云电脑特惠',
  titleEn: 'Singles’ Day desktop sale',
  subtitleZh: '全场八折',
  subtitleEn: '20% off everything',
  image,
  link: '/cloud/buy',
  sort: 0,
  enabled: true,
  ...overrides,
});

async function customerBanners(language = 'zh-CN') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/banner',
    headers: { 'accept-language': language },
  });
  return res.json().data as Array<{ id: number; title: string; image: string }>;
}

describe('banners', () => {
  it('an uploaded image becomes a banner customers see at once, in both languages', async () => {
    const fileName = await uploadAs(admin, 'sale.png', await sampleImage('png'));
    const created = await call('POST', '/api/business/content/banner', admin, bannerBody(fileName));
    expect(created.statusCode, created.body).toBe(200);
    const banner = created.json().data;
    expect(banner.image).toBe(`/api/common/files/${fileName}`);
    // sort 0 puts it before the seeded ones (1, 2, 3).
    expect((await customerBanners())[0]).toMatchObject({ id: banner.id, title: '双十一云电脑特惠' });
    expect((await customerBanners('en-US'))[0]).toMatchObject({ title: 'Singles’ Day desktop sale' });
    const image = await ctx.app.inject({ method: 'GET', url: banner.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const hidden = await call('PUT', `/api/business/content/banner/${banner.id}/enabled`, admin, {
      enabled: false,
    });
    expect(hidden.json().data.enabled).toBe(false);
    expect((await customerBanners()).map((b) => b.id)).not.toContain(banner.id);

    const edited = await call(
      'PUT',
      `/api/business/content/banner/${banner.id}`,
      admin,
      bannerBody(banner.image, { titleZh: '改过的标题', sort: 0, enabled: true }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await customerBanners())[0]).toMatchObject({ id: banner.id, title: '改过的标题' });

    const list = await call('GET', '/api/business/content/banner?keyword=Singles&limit=10', admin);
    expect(list.json().data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(list.json().data.list[0]).toMatchObject({ id: banner.id, titleEn: 'Singles’ Day desktop sale' });

    expect((await call('DELETE', `/api/business/content/banner/${banner.id}`)).json().data).toEqual({
      deleted: 1,
    });
    expect((await customerBanners()).map((b) => b.id)).not.toContain(banner.id);
    expect((await call('DELETE', `/api/business/content/banner/${banner.id}`)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, an unknown upload and a foreign link, in the caller’s language', async () => {
    const pdf = await uploadAs(admin, 'terms.pdf', FILE_SAMPLES.pdf);
    const asPdf = await call('POST', '/api/business/content/banner', admin, bannerBody(pdf));
    expect(asPdf.statusCode).toBe(400);
    expect(asPdf.json().msg).toMatch(/png, jpg, gif, webp or svg/);
    const ghost = await call(
      'POST',
      '/api/business/content/banner',
      admin,
      bannerBody('2026/01/01/00000000-0000-4000-8000-000000000000.png'),
    );
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().data.error_code).toBe('CONTENT_IMAGE_INVALID');
    const link = await call(
      'POST',
      '/api/business/content/banner',
      admin,
      bannerBody('/content/banner-desktop.svg', { link: 'javascript:alert(1)' }),
    );
    expect(link.statusCode).toBe(400);
    const untitled = await call(
      'POST',
      '/api/business/content/banner',
      { ...admin, 'accept-language': 'zh-CN' },
      bannerBody('/content/banner-desktop.svg', { titleEn: '  ' }),
    );
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().msg).toMatch(/请求参数有误/);
    const noKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/business/content/banner',
      headers: admin,
      payload: bannerBody('/content/banner-desktop.svg'),
    });
    expect(noKey.statusCode).toBe(400);
  });

  it('needs the content permissions: a customer and a list-only operator cannot write', async () => {
    const body = bannerBody('/content/banner-desktop.svg');
    expect((await call('GET', '/api/business/content/banner', customer)).statusCode).toBe(403);
    const reader = await operatorWith(ctx.app, ctx.db, { perms: ['business:content:list'] });
    expect((await call('GET', '/api/business/content/banner', reader.headers)).statusCode).toBe(200);
    expect((await call('POST', '/api/business/content/banner', reader.headers, body)).statusCode).toBe(403);
  });
});

describe('hot goods', () => {
  const goods = (overrides: Record<string, unknown> = {}) => ({
    nameZh: '云手机 · 旗舰版',
    nameEn: 'Cloud phone · Flagship',
    descriptionZh: '8 GiB 内存',
    descriptionEn: '8 GiB memory',
    tagZh: '新品',
    tagEn: 'New',
    price: '12.50',
    bundleId: null,
    priceUnit: 'unit.month',
    image: '/content/goods-phone.svg',
    link: '/phone/buyph',
    sort: 0,
    ...overrides,
  });

  it('shows a new item to customers with its price and translated unit', async () => {
    const res = await call('POST', '/api/business/content/hot_goods', admin, goods());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ price: '12.50', priceUnit: 'unit.month', enabled: true });
    const en = await ctx.app.inject({
      method: 'GET',
      url: '/api/hot_goods',
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.json().data[0]).toMatchObject({
      name: 'Cloud phone · Flagship',
      price: '12.50',
      price_unit: 'month',
    });
  });

  it('refuses a zero price, an unknown unit and an unknown bundle', async () => {
    expect(
      (await call('POST', '/api/business/content/hot_goods', admin, goods({ price: '0' }))).statusCode,
    ).toBe(400);
    const unit = await call(
      'POST',
      '/api/business/content/hot_goods',
      admin,
      goods({ priceUnit: 'unit.fortnight' }),
    );
    expect(unit.json().data.error_code).toBe('CONTENT_PRICE_UNIT_UNKNOWN');
    const bundle = await call(
      'POST',
      '/api/business/content/hot_goods',
      admin,
      goods({ bundleId: 'b-nope' }),
    );
    expect(bundle.json().data.error_code).toBe('CONTENT_BUNDLE_UNKNOWN');
  });
});

describe('the ad pop-up', () => {
  const popup = (version: string, overrides: Record<string, unknown> = {}) => ({
    version,
    titleZh: '充值送好礼',
    titleEn: 'Top up and win',
    contentZh: '活动期间充值即送',
    contentEn: 'Top up during the campaign for a gift',
    image: '',
    link: '/mesceter/topup',
    startsAt: new Date().toISOString(),
    endsAt: null,
    ...overrides,
  });

  it('a new version becomes the customers’ pop-up at once and is marked current', async () => {
    const res = await call('POST', '/api/business/content/ad_popup', admin, popup('2026-12'));
    expect(res.statusCode, res.body).toBe(200);
    const current = await ctx.app.inject({ method: 'GET', url: '/api/ad_popup' });
    expect(current.json().data).toMatchObject({ version: '2026-12', title: '充值送好礼' });
    const list = (await call('GET', '/api/business/content/ad_popup?limit=50')).json().data.list as Array<{
      version: string;
      current: boolean;
    }>;
    expect(list.filter((row) => row.current).map((row) => row.version)).toEqual(['2026-12']);
  });

  it('refuses a version already used (customers who saw it would never see the new one)', async () => {
    const res = await call('POST', '/api/business/content/ad_popup', admin, popup('2026-11'));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/version 2026-11/);
  });

  it('refuses an end before the start', async () => {
    const res = await call(
      'POST',
      '/api/business/content/ad_popup',
      admin,
      popup('2027-01', { endsAt: new Date(Date.now() - 3_600_000).toISOString() }),
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('the code table', () => {
  it('adds, relabels and deletes an entry the customers’ code table serves', async () => {
    const add = await call('POST', '/api/business/content/code_table', admin, {
      key: 'unit.quarter',
      labelZh: '季度',
      labelEn: 'quarter',
      sort: 205,
    });
    expect(add.statusCode, add.body).toBe(200);
    const again = await call('POST', '/api/business/content/code_table', admin, {
      key: 'unit.quarter',
      labelZh: '季',
      labelEn: 'q',
    });
    expect(again.statusCode).toBe(409);
    await call('PUT', '/api/business/content/code_table/unit.quarter', admin, {
      labelZh: '季',
      labelEn: 'quarter year',
      sort: 205,
    });
    const table = (await ctx.app.inject({ method: 'GET', url: '/api/code_table' })).json().data;
    expect(table).toContainEqual({ key: 'unit.quarter', 'zh-cn': '季', 'en-us': 'quarter year' });
    expect((await call('DELETE', '/api/business/content/code_table/unit.quarter')).statusCode).toBe(200);
  });

  it('keeps an entry hot goods use as their unit', async () => {
    const res = await call('DELETE', '/api/business/content/code_table/unit.month');
    expect(res.statusCode).toBe(409);
  });
});

describe('support channels', () => {
  it('replaces the widget’s channels the public setting serves', async () => {
    const before = (await call('GET', '/api/business/content/support_channels')).json().data.channels;
    expect(before.length).toBeGreaterThan(0);
    const qr = await uploadAs(admin, 'qr.png', await sampleImage('png'));
    const channels = [
      { ...before[0], label_en: 'WeChat support', image: qr },
      {
        key: 'telegram',
        kind: 'link',
        icon: 'telegram',
        label_zh: 'Telegram',
        label_en: 'Telegram',
        description_zh: '',
        description_en: '',
        url: 'https://t.me/cloudbay',
        image: '',
      },
    ];
    const saved = await call('PUT', '/api/business/content/support_channels', admin, { channels });
    expect(saved.statusCode, saved.body).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: '/api/config/SUPPORT_CHANNELS' });
    const value = JSON.parse(served.json().data.value);
    expect(value).toHaveLength(2);
    expect(value[0]).toMatchObject({ label_en: 'WeChat support', image: `/api/common/files/${qr}` });
    const duplicate = await call('PUT', '/api/business/content/support_channels', admin, {
      channels: [channels[1], channels[1]],
    });
    expect(duplicate.statusCode).toBe(400);
  });
});
