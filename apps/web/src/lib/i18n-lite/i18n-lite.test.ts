/**
 * The sign-in pages' i18next stand-in (./i18next.ts, ./react-i18next.ts) against i18next itself:
 * every public string (what those pages load) in both languages, with and without values, must come
 * out the same, and so must the edge cases the pages rely on (namespaces, fallback, missing keys).
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { PUBLIC_NAMESPACES } from '../../locales/groups';
import lite from './i18next';

type Bundle = Record<string, unknown>;

const files = import.meta.glob<Bundle>('../../locales/*/*.json', { eager: true, import: 'default' });
const LANGUAGES = ['zh-CN', 'en-US'] as const;

function bundleOf(language: string, namespace: string): Bundle {
  const bundle = files[`../../locales/${language}/${namespace}.json`];
  if (!bundle) throw new Error(`no ${language}/${namespace}.json`);
  return bundle;
}

function leafKeys(bundle: Bundle, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? leafKeys(value as Bundle, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

// lib/i18n.ts's options.
function options(language: string) {
  return {
    resources: {},
    lng: language,
    fallbackLng: 'zh-CN',
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: [...PUBLIC_NAMESPACES],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}

function pair(language: string, extra: Record<string, Record<string, Bundle>> = {}) {
  const real = i18next.createInstance();
  void real.init(options(language));
  const mine = lite.createInstance();
  void mine.init(options(language));
  for (const each of [real, mine]) {
    for (const lng of LANGUAGES) {
      for (const namespace of PUBLIC_NAMESPACES)
        each.addResourceBundle(lng, namespace, bundleOf(lng, namespace));
    }
    for (const [lng, namespaces] of Object.entries(extra)) {
      for (const [namespace, bundle] of Object.entries(namespaces))
        each.addResourceBundle(lng, namespace, bundle);
    }
  }
  // i18next's own types allow the app's keys only; these are any keys, as the stand-in takes them.
  type LooseT = (key: string | string[], options?: Record<string, unknown>) => string;
  return {
    real: {
      t: real.t.bind(real) as unknown as LooseT,
      fixed: (namespace: string) => real.getFixedT(null, namespace as never) as unknown as LooseT,
      language: real.language,
    },
    mine,
  };
}

const VALUES = { min: 2, max: 20, email: 'a@example.com', seconds: 42, length: 6, code: 502 };

describe.each(LANGUAGES)('the i18next stand-in in %s', (language) => {
  it('answers every public string as i18next does, with and without values', () => {
    const { real, mine } = pair(language);
    let compared = 0;
    for (const namespace of PUBLIC_NAMESPACES) {
      for (const key of leafKeys(bundleOf(language, namespace))) {
        const full = `${namespace}:${key}`;
        expect(mine.t(full), full).toBe(real.t(full));
        expect(mine.t(full, VALUES), full).toBe(real.t(full, VALUES));
        expect(mine.getFixedT(null, namespace)(key, VALUES), full).toBe(real.fixed(namespace)(key, VALUES));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('looks up keys, namespaces, the fallback language and missing keys as i18next does', () => {
    const { real, mine } = pair(language, {
      'zh-CN': { extra: { onlyZh: '仅中文', greet: '你好 {{name}}', item_other: '{{count}} 项' } },
      'en-US': { extra: { greet: 'Hi {{name}}', item_one: 'one item', item_other: '{{count}} items' } },
    });
    const cases: Array<[string | string[], Record<string, unknown>?]> = [
      ['brand'],
      ['common:brand'],
      ['extra:onlyZh'],
      ['extra:greet', { name: 'Ann' }],
      ['extra:greet'],
      ['extra:greet', { name: undefined }],
      ['extra:greet', { name: 0 }],
      ['extra:item', { count: 1 }],
      ['extra:item', { count: 3 }],
      ['extra:missing'],
      ['account:validation'],
      ['no.such.key'],
      ['nope:key.path'],
      ['extra:missing', { defaultValue: 'Fallback {{name}}', name: 'x' }],
      [['extra:missing', 'extra:onlyZh']],
      ['greet', { ns: 'extra', name: 'Bo' }],
      ['greet', { ns: ['account', 'extra'], name: 'Bo' }],
    ];
    for (const [key, values] of cases) {
      expect(mine.t(key, values), JSON.stringify([key, values])).toBe(real.t(key, values));
    }
    expect(mine.language).toBe(real.language);
    expect(mine.hasResourceBundle(language, 'account')).toBe(true);
    expect(mine.hasResourceBundle(language, 'kit')).toBe(false);
  });
});

describe('the public strings', () => {
  it('use nothing the stand-in leaves out (formats, nesting, context)', () => {
    for (const language of LANGUAGES) {
      for (const namespace of PUBLIC_NAMESPACES) {
        const text = JSON.stringify(bundleOf(language, namespace));
        expect(text, `${language}/${namespace}`).not.toMatch(/\{\{[^}]*,[^}]*\}\}|\$t\(|_(male|female)"/);
      }
    }
  });
});
