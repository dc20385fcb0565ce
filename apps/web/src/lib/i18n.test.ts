import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupOf, localeChunkName } from '../locales/groups';
import { addAllLocales } from '../test/locales';
import {
  acceptLanguage,
  currentLanguageCode,
  detectLanguage,
  i18n,
  loadNamespaces,
  loadPublicNamespaces,
  setLanguage,
} from './i18n';
import { loadConsoleNamespaces, withConsoleNamespaces, withFeatureNamespaces } from './i18n-console';

describe('language (spec §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [null, 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en', 'en-US'],
    ['fr', 'zh-CN'],
    ['en-US', 'zh-CN'],
  ])('lang %s in local storage gives %s', (stored, expected) => {
    if (stored !== null) window.localStorage.setItem('lang', stored);
    expect(detectLanguage()).toBe(expected);
  });

  it('gives the accept-language header of the running language', async () => {
    expect(acceptLanguage()).toBe('zh-cn');
    expect(currentLanguageCode()).toBe('zh');
    await i18n.changeLanguage('en-US');
    expect(acceptLanguage()).toBe('en-US');
    expect(currentLanguageCode()).toBe('en');
  });

  it('translates in both languages', async () => {
    expect(i18n.t('request:duplicate.url')).toBe('操作过于频繁，请稍后再试');
    await i18n.changeLanguage('en-US');
    expect(i18n.t('request:duplicate.url')).toBe('Operation too frequent. Please try again later.');
  });

  it('setLanguage saves the choice and reloads the page', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    setLanguage('en');
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('loading translations', () => {
  const languages = ['zh-CN', 'en-US'] as const;
  const namespaces = [
    'common',
    'errors',
    'request',
    'account',
    'wallet',
    'shell',
    'kit',
    'phones',
    'phoneBuy',
  ] as const;

  function loaded(language: string): string[] {
    return namespaces.filter((namespace) => i18n.hasResourceBundle(language, namespace));
  }

  beforeEach(() => {
    // Start as the app does: nothing loaded (the tests' setup adds everything).
    for (const language of languages) {
      for (const namespace of namespaces) i18n.removeResourceBundle(language, namespace);
    }
  });

  afterEach(() => {
    addAllLocales();
  });

  it('loads the public namespaces of the running language only', async () => {
    await i18n.changeLanguage('en-US');
    await loadPublicNamespaces();
    expect(loaded('en-US')).toEqual(['common', 'errors', 'request', 'account']);
    expect(loaded('zh-CN')).toEqual([]);
    expect(i18n.t('request:duplicate.url')).toBe('Operation too frequent. Please try again later.');
  });

  it('loads every other namespace with the console, new features included', async () => {
    await loadConsoleNamespaces();
    expect(loaded('zh-CN')).toEqual(['wallet', 'shell', 'kit']);
    expect(loaded('en-US')).toEqual([]);
  });

  it('loads a namespace on its own, and fails for one without files', async () => {
    await loadNamespaces(['wallet']);
    expect(loaded('zh-CN')).toEqual(['wallet']);
    await expect(loadNamespaces(['nonexistent' as 'wallet'])).rejects.toThrow('zh-CN/nonexistent');
  });

  it('settles a route loader only once the console namespaces are there', async () => {
    const page = await withConsoleNamespaces(() => Promise.resolve('page'))();
    expect(page).toBe('page');
    expect(loaded('zh-CN')).toEqual(['wallet', 'shell', 'kit']);
  });

  it("loads a feature group's namespaces with its pages, not with the console", async () => {
    // The console's (above) leaves the phones' out.
    const page = await withFeatureNamespaces('phones', () => Promise.resolve('page'))();
    expect(page).toBe('page');
    expect(loaded('zh-CN')).toEqual(['phones', 'phoneBuy']);
    expect(i18n.t('phones:list.title')).not.toBe('list.title');
  });

  it('lists exactly the public namespaces for the first screen (the glob in i18n.ts)', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    const { PUBLIC_NAMESPACES } = await import('../locales/groups');
    for (const language of ['zh-CN', 'en-US'] as const) {
      await fresh.i18n.changeLanguage(language);
      await fresh.loadPublicNamespaces();
      expect(
        PUBLIC_NAMESPACES.filter((namespace) => fresh.i18n.hasResourceBundle(language, namespace)),
      ).toEqual([...PUBLIC_NAMESPACES]);
      // Without i18n-console.ts, the console's namespaces have no files.
      await expect(fresh.loadNamespaces(['wallet'])).rejects.toThrow(`${language}/wallet`);
    }
  });

  it('builds one chunk per language and group', () => {
    expect(localeChunkName('/app/src/locales/en-US/account.json')).toBe('locales-en-US-public');
    expect(localeChunkName('/app/src/locales/zh-CN/wallet.json')).toBe('locales-zh-CN-console');
    expect(localeChunkName('/app/src/locales/zh-CN/phoneKeys.json')).toBe('locales-zh-CN-phones');
    expect(groupOf('phones')).toBe('phones');
    expect(groupOf('purchase')).toBe('console');
    // The operators' pages have their own group.
    expect(groupOf('systemUser')).toBe('admin');
    expect(groupOf('monitorJob')).toBe('admin');
    // The business pages' strings apart from the system pages', the list pieces' shared by both.
    expect(groupOf('businessCustomer')).toBe('business');
    expect(groupOf('systemShared')).toBe('adminShared');
    // The phone centres' strings load with their pages, not with every phone page.
    expect(groupOf('phoneTasks')).toBe('phoneTasks');
    expect(groupOf('phoneAppsAdmin')).toBe('phoneApps');
    expect(groupOf('phoneGroups')).toBe('phones');
    // `monitor…` takes a capital: the desktop monitoring page's strings are a group of their own.
    expect(groupOf('monitoring')).toBe('monitoring');
    expect(groupOf('officeSites')).toBe('network');
    expect(groupOf('desktops')).toBe('console');
    expect(localeChunkName('/app/src/locales/groups.ts')).toBeNull();
    expect(localeChunkName('/app/node_modules/antd/locale/en_US.js')).toBeNull();
  });
});
