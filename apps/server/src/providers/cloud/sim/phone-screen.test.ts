import { describe, expect, it } from 'vitest';
import { CloudError, type PhoneAttributes } from '../types';
import { pressScreenKey } from './phone-screen';
import { renderPhoneScreen, screenSize, screenViewOf } from './phone-screenshot';

const phone = { name: 'p', resolution: '720x1280' } as PhoneAttributes;

describe('the simulated phone screen', () => {
  it('turns with rotate, stacks opened apps, pops them with back and clears them with home', () => {
    const turned = pressScreenKey(phone, { key: 'rotate' });
    expect(turned.orientation).toBe('landscape');
    expect(pressScreenKey(turned, { key: 'rotate' }).orientation).toBe('portrait');

    let screen = pressScreenKey(phone, { key: 'open', app: 'settings' });
    screen = pressScreenKey(screen, { key: 'open', app: 'browser' });
    // Opening an app already open brings it to the front instead of stacking it twice.
    screen = pressScreenKey(screen, { key: 'open', app: 'settings' });
    expect(screen.screenApps).toEqual(['browser', 'settings']);
    expect(pressScreenKey(screen, { key: 'back' }).screenApps).toEqual(['browser']);
    expect(pressScreenKey(screen, { key: 'home' }).screenApps).toEqual([]);
    expect(pressScreenKey(phone, { key: 'back' }).screenApps).toEqual([]);
    expect(() => pressScreenKey(phone, { key: 'open', app: 'nothing' })).toThrow(CloudError);
  });

  it('is drawn in the resolution’s proportions, sideways when landscape', () => {
    expect(screenSize('720x1280', 'portrait')).toEqual({ width: 360, height: 640 });
    expect(screenSize('720x1280', 'landscape')).toEqual({ width: 640, height: 360 });
    expect(screenSize('1080x2400', 'portrait')).toEqual({ width: 360, height: 800 });
    expect(screenSize('bad', 'portrait')).toEqual({ width: 360, height: 640 });
  });

  it('escapes what it writes, shows the app in front, and a dark screen with the status when off', () => {
    const row = {
      instanceId: 'acp-1',
      attributes: {
        name: '<script>x</script>',
        resolution: '720x1280',
        screenApps: ['settings'],
        brand: 'Acme',
      },
    };
    const now = new Date('2026-11-02T08:05:00Z');
    const on = renderPhoneScreen(screenViewOf(row, { language: 'en-US', now, offLabel: null }));
    expect(on).not.toContain('<script>');
    expect(on).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(on).toContain('About phone');
    expect(on).toContain('Acme');
    // China time on the status bar.
    expect(on).toContain('16:05');
    const off = renderPhoneScreen(screenViewOf(row, { language: 'zh-CN', now, offLabel: '已关机' }));
    expect(off).toContain('已关机');
    expect(off).not.toContain('About phone');
  });
});
