/** Dictionaries and languages as the fake server answers them in page tests. */
import type { DictEntry } from '@cloudbay/contracts';
import type { FakeRequest } from './fake-api';

export type TestLanguage = 'zh' | 'en';

/** The language a request asks for (accept-language), as the server reads it. */
export const languageOf = (request: FakeRequest): TestLanguage =>
  request.headers['accept-language'] === 'en-US' ? 'en' : 'zh';

/** A dictionary's entries by value: the zh and en labels and the tag type. */
export type DictLabels = Record<string, [zh: string, en: string, listClass: string]>;

/** GET /system/dict/data/type/{type}'s answer for `labels`, in `language`, in their order. */
export function dictEntries(
  type: string,
  labels: DictLabels | undefined,
  language: TestLanguage,
): DictEntry[] {
  return Object.entries(labels ?? {}).map(([dictValue, [zh, en, listClass]], index) => ({
    dictType: type,
    dictValue,
    dictLabel: language === 'zh' ? zh : en,
    listClass,
    cssClass: '',
    dictSort: index + 1,
  }));
}
