/**
 * i18next setup (spec §4): the language comes from local storage `lang` ('zh' → zh-CN, 'en' → en-US,
 * anything else → zh-CN). Changing it saves the choice and reloads, so the active language never
 * changes while a page is running and non-React code (the request client) can read it at any time.
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@cloudbay/contracts/core';
import { StorageKey, readItem, writeItem } from './storage';

/** The short codes stored under `lang` and offered by the language dropdown. */
export const LANGUAGE_CODES = ['zh', 'en'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

const LANGUAGE_OF_CODE: Record<LanguageCode, Language> = { zh: 'zh-CN', en: 'en-US' };
const FALLBACK_LANGUAGE: Language = LANGUAGE_OF_CODE.zh;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return (LANGUAGE_CODES as readonly unknown[]).includes(value);
}

/** The language the stored preference asks for. */
export function detectLanguage(): Language {
  const stored = readItem(StorageKey.lang);
  return isLanguageCode(stored) ? LANGUAGE_OF_CODE[stored] : FALLBACK_LANGUAGE;
}

// One JSON per feature and language, found by path so a new feature only adds its two files. Both
// languages are bundled: they are small, and the first screen then renders without another request.
const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function buildResources(files: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    resources[language] = { ...resources[language], [namespace]: content };
  }
  return resources;
}

export const resources = buildResources(localeFiles);

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: Object.values(LANGUAGE_OF_CODE),
  defaultNS: 'common',
  ns: Object.keys(resources[FALLBACK_LANGUAGE] ?? {}),
  // Resources are inline, so initialising synchronously lets the first render and module-level
  // callers use translations immediately.
  initAsync: false,
  // React escapes output itself.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language the page is running in. */
export function currentLanguage(): Language {
  return i18n.language === LANGUAGE_OF_CODE.en ? LANGUAGE_OF_CODE.en : FALLBACK_LANGUAGE;
}

/** The short code of the running language, for the dropdown. */
export function currentLanguageCode(): LanguageCode {
  return currentLanguage() === LANGUAGE_OF_CODE.en ? 'en' : 'zh';
}

/** The `accept-language` header the API expects (spec §7): 'zh-cn' or 'en-US'. */
export function acceptLanguage(): 'zh-cn' | 'en-US' {
  return currentLanguage() === 'en-US' ? 'en-US' : 'zh-cn';
}

/** Saves the choice and reloads (spec §2 top bar), so every module and cache starts in the new language. */
export function setLanguage(code: LanguageCode): void {
  writeItem(StorageKey.lang, code);
  window.location.reload();
}
