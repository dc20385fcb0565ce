import { OPER_BUSINESS_TYPES, OPER_MODULES } from '@cloudbay/contracts/core';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en-US/monitorLogs.json';
import zh from '../../../locales/zh-CN/monitorLogs.json';

/** The string at a dotted key of a nested locale file (`module.system.user`). */
const at = (strings: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);

describe('the operation log’s names', () => {
  it.each([
    ['zh-CN', zh],
    ['en-US', en],
  ])('every module and business type the server records has a %s name', (_language, strings) => {
    const missing = [
      ...OPER_MODULES.map((module) => `module.${module}`),
      ...OPER_BUSINESS_TYPES.map((type) => `businessType.${type}`),
    ].filter((key) => typeof at(strings, key) !== 'string' || !at(strings, key));
    expect(missing).toEqual([]);
  });

  it('names differ between the languages (none left untranslated)', () => {
    const same = OPER_MODULES.filter((module) => at(zh, `module.${module}`) === at(en, `module.${module}`));
    expect(same).toEqual([]);
  });
});
