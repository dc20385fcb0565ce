import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SupportChannel } from '@cloudbay/contracts';
import { i18n } from '../lib/i18n';
import { fakeApi } from '../test/fake-api';
import { renderRoutes } from '../test/render-app';
import { parseSupportChannels } from './support-channels';
import { SupportWidget } from './support-widget';

vi.mock('../lib/request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));

function channel(key: string, overrides: Partial<SupportChannel>): SupportChannel {
  return {
    key,
    kind: 'link',
    icon: 'message',
    label_zh: `${key} 中文`,
    label_en: `${key} English`,
    description_zh: `${key} 说明`,
    description_en: `${key} description`,
    url: `https://example.com/${key}`,
    image: '',
    ...overrides,
  };
}

const CHANNELS: SupportChannel[] = [
  channel('wechat', { kind: 'qr', icon: 'wechat', label_zh: '微信客服', url: 'https://u.wechat.com/abc' }),
  channel('whatsapp', { kind: 'qr', icon: 'whatsapp', image: '/files/whatsapp-qr.png' }),
  channel('telegram', { icon: 'telegram', url: 'https://t.me/cloudbay' }),
];

function serveChannels(channels: unknown) {
  fakeApi.ok('GET', '/config/SUPPORT_CHANNELS', { key: 'SUPPORT_CHANNELS', value: JSON.stringify(channels) });
}

async function openPanel() {
  renderRoutes([{ path: '/', element: <SupportWidget /> }]);
  fireEvent.click(await screen.findByTestId('support-button'));
  return screen.findByTestId('support-panel');
}

describe('SupportWidget', () => {
  it('lists the configured channels in the page language', async () => {
    serveChannels(CHANNELS);
    const panel = await openPanel();
    expect(within(panel).getByTestId('support-channel-wechat').textContent).toContain('微信客服');
    expect(within(panel).getByTestId('support-channel-wechat').textContent).toContain('wechat 说明');
    expect(within(panel).getAllByRole('button').length + within(panel).getAllByRole('link').length).toBe(3);
  });

  it('speaks English when the page does', async () => {
    await i18n.changeLanguage('en-US');
    serveChannels(CHANNELS);
    const panel = await openPanel();
    expect(within(panel).getByTestId('support-channel-telegram').textContent).toContain('telegram English');
    expect(within(panel).getByTestId('support-channel-telegram').textContent).toContain(
      'telegram description',
    );
  });

  it('opens a link channel in a new tab', async () => {
    serveChannels(CHANNELS);
    const panel = await openPanel();
    const link = within(panel).getByTestId('support-channel-telegram');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('https://t.me/cloudbay');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('draws the QR of a chat channel, 500 px, titled and captioned', async () => {
    serveChannels(CHANNELS);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByTestId('support-channel-wechat'));
    const dialog = await screen.findByTestId('support-qr-dialog');
    expect(within(dialog).getByText('微信客服')).toBeTruthy();
    expect(within(dialog).getByText('wechat 说明')).toBeTruthy();
    const svg = within(dialog).getByTestId('support-qr-code').querySelector('svg');
    expect(svg?.getAttribute('height')).toBe('500');
    expect(dialog.querySelector('img')).toBeNull();
  });

  it('shows the uploaded QR image when there is one', async () => {
    serveChannels(CHANNELS);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByTestId('support-channel-whatsapp'));
    const dialog = await screen.findByTestId('support-qr-dialog');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/files/whatsapp-qr.png');
    expect(within(dialog).queryByTestId('support-qr-code')).toBeNull();
  });

  it('is not there while no channel is set', async () => {
    fakeApi.ok('GET', '/config/SUPPORT_CHANNELS', { key: 'SUPPORT_CHANNELS', value: '[]' });
    renderRoutes([{ path: '/', element: <SupportWidget /> }]);
    await waitFor(() => expect(fakeApi.requests('GET', '/config/SUPPORT_CHANNELS')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('support-button')).toBeNull();
  });
});

describe('parseSupportChannels', () => {
  it('keeps the well-formed channels of an operator-edited setting', () => {
    const text = JSON.stringify([
      CHANNELS[0],
      { ...CHANNELS[2], kind: 'video' },
      { ...CHANNELS[2], key: 'insecure', url: 'http://example.com' },
      { ...CHANNELS[2], key: 'script', url: 'javascript:alert(1)' },
      { ...CHANNELS[0], key: 'empty-qr', url: '', image: '' },
      { key: 'partial' },
      'text',
    ]);
    expect(parseSupportChannels(text).map((entry) => entry.key)).toEqual(['wechat']);
  });

  it('gives none for text that is not a JSON array', () => {
    expect(parseSupportChannels('not json')).toEqual([]);
    expect(parseSupportChannels('{"key":"x"}')).toEqual([]);
  });
});
