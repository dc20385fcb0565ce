import { ErrorCode } from '@cloudbay/contracts';
import { describe, expect, it } from 'vitest';
import { messageCatalogue, pickLanguage, translate } from './i18n';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['zh-cn', 'zh-CN'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['fr-FR,en;q=0.8,zh;q=0.5', 'en-US'],
    ['en;q=0.4,zh-CN;q=0.9', 'zh-CN'],
    ['en;q=0,zh-TW', 'zh-CN'],
    ['de-DE', 'zh-CN'],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('translate', () => {
  it('fills placeholders', () => {
    expect(translate('en-US', 'CONFIG_NOT_FOUND', { key: 'EXE_URL' })).toBe('No such setting: EXE_URL');
    expect(translate('zh-CN', 'CONFIG_NOT_FOUND', { key: 'EXE_URL' })).toBe('配置项不存在：EXE_URL');
  });

  it('has every error code in both languages', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(messageCatalogue['zh-CN'][code], code).toBeTruthy();
      expect(messageCatalogue['en-US'][code], code).toBeTruthy();
    }
  });
});
