import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProxySet } from '@cloudbay/contracts';
import { fakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

vi.mock('../../../../lib/request', (original) =>
  import('../../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const TOKEN = 'A'.repeat(43);
const config = {
  enabled: true,
  type: 'socks5' as const,
  ip: '203.0.113.10',
  tcp_port: 1080,
  udp_port: null,
  username: 'alice',
  password: 'secret',
  rules: { mode: 'blacklist' as const, domains: ['*.example.com'] },
};
const SET: ProxySet = {
  resource_id: 'ph-1',
  kind: 'phone',
  name: 'Shop phone',
  configs: [config],
  updated_at: null,
};

const jsonFile = (text: string) => new File([text], 'proxies.json', { type: 'application/json' });
function importFile(file: File) {
  fireEvent.change(screen.getByTestId('proxy-import-file'), { target: { files: [file] } });
}

describe('/proxySet', () => {
  it('reads the set with the token in its header only, and saves the edited list', async () => {
    fakeApi.ok('GET', '/proxy_set/ph-1', SET);
    fakeApi.on('PUT', '/proxy_set/ph-1', (request) => ({
      data: {
        code: 200,
        msg: 'ok',
        success: true,
        data: { ...SET, ...(request.body as object), updated_at: 'x' },
      },
    }));
    renderApp(`/proxySet?id=ph-1#token=${TOKEN}`);
    // The first test pays for the page's cold imports (antd's form parts, zod).
    const ip = await screen.findByTestId('proxy-ip-0', {}, { timeout: 10_000 });
    expect((ip as HTMLInputElement).value).toBe('203.0.113.10');
    const [read] = fakeApi.requests('GET', '/proxy_set/ph-1');
    expect(read!.headers['x-proxy-token']).toBe(TOKEN);
    expect(read!.headers.authorization).toBeUndefined();
    expect(read!.query).toEqual({});

    fireEvent.change(screen.getByTestId('proxy-ip-0'), { target: { value: '198.51.100.1' } });
    fireEvent.click(screen.getByTestId('proxy-save'));
    await waitFor(() => expect(fakeApi.requests('PUT', '/proxy_set/ph-1')).toHaveLength(1));
    expect(fakeApi.requests('PUT', '/proxy_set/ph-1')[0]!.body).toEqual({
      configs: [{ ...config, ip: '198.51.100.1' }],
    });
  }, 30_000);

  it('says what the phone applies: a bound proxy a save replaces, then the saved configuration', async () => {
    const bound = {
      source: 'residential' as const,
      type: 'socks5' as const,
      host: '153.142.0.9',
      port: 1080,
    };
    fakeApi.ok('GET', '/proxy_set/ph-1', { ...SET, applied: bound });
    fakeApi.ok('PUT', '/proxy_set/ph-1', {
      ...SET,
      updated_at: 'y',
      applied: { source: 'proxy_set', type: 'socks5', host: '203.0.113.10', port: 1080 },
    });
    renderApp(`/proxySet?id=ph-1#token=${TOKEN}`);
    const notice = await screen.findByTestId('proxy-applied', {}, { timeout: 10_000 });
    expect(notice.textContent).toContain('153.142.0.9:1080');
    expect(notice.textContent).toContain('保存含已启用配置的列表将替换它');
    fireEvent.click(screen.getByTestId('proxy-save'));
    await waitFor(() => expect(screen.getByTestId('proxy-applied').textContent).toContain('已应用到云手机'));
    expect(screen.getByTestId('proxy-applied').textContent).toContain('203.0.113.10:1080');
  }, 30_000);

  it('checks rules with the shared schema: a domain that is not *.x.y is refused, nothing is sent', async () => {
    fakeApi.ok('GET', '/proxy_set/ph-1', SET);
    renderApp(`/proxySet?id=ph-1#token=${TOKEN}`);
    fireEvent.change(await screen.findByTestId('proxy-domains-0'), {
      target: { value: '*.ok.com\ngoogle.com' },
    });
    fireEvent.click(screen.getByTestId('proxy-save'));
    expect(await screen.findByText('规则域名只能是 *.x.y 格式，例如 *.google.com')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/proxy_set/ph-1')).toHaveLength(0);
  });

  it('imports a valid JSON file and refuses a broken one with the spec’s message', async () => {
    fakeApi.ok('GET', '/proxy_set/ph-1', { ...SET, configs: [] });
    renderApp(`/proxySet?id=ph-1#token=${TOKEN}`);
    await screen.findByTestId('proxy-set-empty');

    importFile(jsonFile('{ not json'));
    expect(await screen.findByText('代理 JSON 格式错误')).toBeTruthy();
    importFile(jsonFile(JSON.stringify({ configs: [] })));
    expect(await screen.findByText('代理 JSON 格式错误: 代理列表至少保留一条配置')).toBeTruthy();
    expect(screen.getByTestId('proxy-set-empty')).toBeTruthy();

    importFile(jsonFile(JSON.stringify({ configs: [config, { ...config, ip: '2001:db8::1' }] })));
    expect(((await screen.findByTestId('proxy-ip-1')) as HTMLInputElement).value).toBe('2001:db8::1');
  });

  it('says a revoked or unknown link is refused, and shows no editor', async () => {
    fakeApi.fail('GET', '/proxy_set/ph-1', 401, '代理设置链接无效或已被撤销');
    renderApp(`/proxySet?id=ph-1&token=${TOKEN}`);
    expect((await screen.findByTestId('proxy-set-refused')).textContent).toContain(
      '代理设置链接无效或已被撤销',
    );
    expect(screen.queryByTestId('proxy-save')).toBeNull();
    // The query's token moved into the fragment.
    expect(fakeApi.requests('GET', '/proxy_set/ph-1')[0]!.headers['x-proxy-token']).toBe(TOKEN);
  });

  it('says an incomplete link is incomplete, asking nothing', async () => {
    renderApp('/proxySet?id=ph-1');
    expect(await screen.findByTestId('proxy-set-incomplete')).toBeTruthy();
    expect(fakeApi.requests()).toEqual([]);
  });
});
