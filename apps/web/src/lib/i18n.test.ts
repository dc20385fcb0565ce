import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptLanguage, currentLanguageCode, detectLanguage, i18n, setLanguage } from './i18n';

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
