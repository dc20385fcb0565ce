/**
 * i18next setup (spec §4): the language comes from local storage `lang` ('zh' → zh-CN, 'en' → en-US,
 * anything else → zh-CN). Changing it saves the choice and reloads, so the active language never
 * changes while a page is running and non-React code (the request client) can read it at any time.
 */
import i18next, { type FlatNamespace } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@cloudbay/contracts/core';
import { PUBLIC_NAMESPACES, parseLocalePath } from '../locales/groups';
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

// One JSON per feature and language, found by path so a new feature only adds its two files. Not
// bundled into the entry: each is a lazy module, and the build puts them into one chunk per language
// and group (locales/groups.ts), so a page downloads only the running language's namespaces it shows.
// Here only the public group's files (PUBLIC_NAMESPACES: a test keeps the two lists equal), so the
// sign-in pages, which load this module, do not carry the console's list; i18n-console.ts adds it.
export type LocaleBundle = Record<string, unknown>;
export type LocaleFiles = Record<string, () => Promise<LocaleBundle>>;

/** Each file's loader under `<language>/<namespace>`. */
const localeLoaders = new Map<string, () => Promise<LocaleBundle>>();

/** Makes `files` loadable by loadNamespaces(); returns the namespaces they hold. */
export function registerLocaleFiles(files: LocaleFiles): Set<FlatNamespace> {
  const namespaces = new Set<FlatNamespace>();
  for (const [path, load] of Object.entries(files)) {
    const file = parseLocalePath(path);
    if (!file) continue;
    localeLoaders.set(`${file.language}/${file.namespace}`, load);
    namespaces.add(file.namespace as FlatNamespace);
  }
  return namespaces;
}

registerLocaleFiles(
  import.meta.glob<LocaleBundle>('../locales/*/{common,errors,request,account}.json', { import: 'default' }),
);

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // Filled by loadNamespaces() before the pages that need them render.
  resources: {},
  lng: detectLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: Object.values(LANGUAGE_OF_CODE),
  defaultNS: 'common',
  ns: [...PUBLIC_NAMESPACES],
  // Without a backend nothing is fetched by i18next itself, so initialising synchronously lets
  // module-level callers use the instance at once; translations come with loadNamespaces().
  initAsync: false,
  // React escapes output itself.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Adds the running language's bundles of `namespaces` that are not there yet. The language never
 * changes while a page runs (setLanguage reloads), so the other language is never downloaded.
 * Callers await it before rendering what uses the namespaces: i18next would show raw keys otherwise.
 */
export async function loadNamespaces(namespaces: readonly FlatNamespace[]): Promise<void> {
  const language = currentLanguage();
  await Promise.all(
    namespaces
      .filter((namespace) => !i18n.hasResourceBundle(language, namespace))
      .map(async (namespace) => {
        const load = localeLoaders.get(`${language}/${namespace}`);
        if (!load) throw new Error(`No locale file for ${language}/${namespace}`);
        i18n.addResourceBundle(language, namespace, await load());
      }),
  );
}

/** What the first screen needs, whichever page it is: awaited by main.tsx before the first render. */
export function loadPublicNamespaces(): Promise<void> {
  return loadNamespaces(PUBLIC_NAMESPACES);
}

/** Whether the public strings are there (the first page's guard may run before main.tsx has them). */
export function publicNamespacesLoaded(): boolean {
  const language = currentLanguage();
  return PUBLIC_NAMESPACES.every((namespace) => i18n.hasResourceBundle(language, namespace));
}

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
