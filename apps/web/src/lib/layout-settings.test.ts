import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT_SETTINGS,
  getLayoutSettings,
  loadLayoutSettings,
  normaliseLayoutSettings,
  reloadLayoutSettings,
  resetLayoutSettings,
  updateLayoutSettings,
} from './layout-settings';

const stored = () => JSON.parse(window.localStorage.getItem('layout-setting') ?? 'null') as unknown;

beforeEach(() => reloadLayoutSettings());
afterEach(() => {
  window.localStorage.clear();
  reloadLayoutSettings();
});

describe('layout settings', () => {
  it('defaults to spec §9: #2395FF, dark sidebar, side navigation, everything shown', () => {
    expect(loadLayoutSettings()).toEqual({
      themeColor: '#2395FF',
      sideTheme: 'dark',
      navType: 'left',
      tagsView: true,
      tagsViewPersist: false,
      fixedHeader: true,
      sidebarLogo: true,
      dynamicTitle: true,
      sidebarCollapsed: false,
    });
  });

  it('saves a change under layout-setting as JSON and keeps the other fields', () => {
    updateLayoutSettings({ themeColor: '#13c2c2', navType: 'mixed' });
    expect(getLayoutSettings()).toMatchObject({ themeColor: '#13C2C2', navType: 'mixed', sideTheme: 'dark' });
    expect(stored()).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, themeColor: '#13C2C2', navType: 'mixed' });
  });

  it('loads what was saved', () => {
    window.localStorage.setItem(
      'layout-setting',
      JSON.stringify({ sideTheme: 'light', tagsView: false, sidebarCollapsed: true }),
    );
    reloadLayoutSettings();
    expect(getLayoutSettings()).toEqual({
      ...DEFAULT_LAYOUT_SETTINGS,
      sideTheme: 'light',
      tagsView: false,
      sidebarCollapsed: true,
    });
  });

  it('falls back to the defaults on unreadable JSON', () => {
    window.localStorage.setItem('layout-setting', '{"themeColor": "#F5222D",');
    expect(loadLayoutSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
    window.localStorage.setItem('layout-setting', '[1, 2]');
    expect(loadLayoutSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('replaces each invalid field by its default on its own', () => {
    expect(
      normaliseLayoutSettings({
        themeColor: 'red; background: url(x)',
        sideTheme: 'purple',
        navType: 'bottom',
        tagsView: 'yes',
        fixedHeader: false,
        dynamicTitle: 0,
      }),
    ).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, fixedHeader: false });
    expect(normaliseLayoutSettings({ themeColor: '#fff' }).themeColor).toBe('#2395FF');
    expect(normaliseLayoutSettings({ tagsViewPersist: 'on' }).tagsViewPersist).toBe(false);
    expect(normaliseLayoutSettings({ tagsViewPersist: true }).tagsViewPersist).toBe(true);
  });

  it('resets to the defaults but leaves the sidebar as it is', () => {
    updateLayoutSettings({
      themeColor: '#722ED1',
      sideTheme: 'light',
      tagsView: false,
      sidebarCollapsed: true,
    });
    resetLayoutSettings();
    expect(getLayoutSettings()).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, sidebarCollapsed: true });
    expect(stored()).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, sidebarCollapsed: true });
  });

  it('follows a change made in another tab', () => {
    window.localStorage.setItem('layout-setting', JSON.stringify({ navType: 'top' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'layout-setting' }));
    expect(getLayoutSettings().navType).toBe('top');
  });
});
