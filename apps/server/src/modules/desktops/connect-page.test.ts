import { describe, expect, it } from 'vitest';
import {
  connectUrl,
  escapeHtml,
  renderConnectError,
  renderConnectPage,
  type ConnectView,
} from './connect-page';

const view: ConnectView = {
  language: 'en-US',
  name: '<img src=x onerror=alert(1)>',
  status: 'running',
  statusLabel: 'Running',
  instanceId: 'ecd-abc',
  cpu: 4,
  memoryGiB: 8,
  usage: { cpu: 23.5, memory: 41 },
  connectedSessions: 1,
  expiresAt: new Date('2026-11-02T08:05:00Z'),
};

describe('the connection page', () => {
  it('escapes everything it shows', () => {
    expect(escapeHtml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&#39;');
    const html = renderConnectPage(view);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('shows the desktop’s state in the caller’s language and refreshes itself', () => {
    const en = renderConnectPage(view);
    expect(en).toContain('<html lang="en-US">');
    expect(en).toContain('4 cores · 23.5% in use');
    expect(en).toContain('8 GiB · 41% in use');
    expect(en).toContain('http-equiv="refresh"');
    const zh = renderConnectPage({ ...view, language: 'zh-CN', statusLabel: '已关机', usage: null });
    expect(zh).toContain('4 核</dd>');
    expect(zh).toContain('已关机');
    expect(zh).not.toContain('使用率');
  });

  it('says why a ticket opens nothing, without refreshing', () => {
    const html = renderConnectError('zh-CN', '连接凭证无效或已过期，请重新连接');
    expect(html).toContain('<h1>无法连接</h1>');
    expect(html).not.toContain('refresh');
  });

  it('links a ticket with the console’s language', () => {
    expect(connectUrl('ecd-1.abc_-', 'zh-CN')).toBe('/api/sim/connect?ticket=ecd-1.abc_-&lang=zh-CN');
  });
});
