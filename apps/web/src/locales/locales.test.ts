import { describe, expect, it } from 'vitest';

// The same files the app bundles (lib/i18n.ts), keyed `./<language>/<feature>.json`.
const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });
const LANGUAGES = ['zh-CN', 'en-US'];

function jsonFiles(language: string): string[] {
  return Object.keys(files)
    .filter((path) => path.startsWith(`./${language}/`))
    .map((path) => path.slice(language.length + 3))
    .sort();
}

/** Every leaf of a translation file as `path.to.key` → text. */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (leaves, [key, child]) => ({ ...leaves, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

function load(language: string, file: string): Record<string, unknown> {
  return flatten(files[`./${language}/${file}`]);
}

function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('translations', () => {
  it('have the same files in every language', () => {
    const [first = '', ...others] = LANGUAGES;
    for (const language of others) expect(jsonFiles(language)).toEqual(jsonFiles(first));
    expect(jsonFiles(first).length).toBeGreaterThan(0);
  });

  describe.each(jsonFiles('zh-CN'))('%s', (file) => {
    const zh = load('zh-CN', file);
    const en = load('en-US', file);

    it('has identical key sets in zh-CN and en-US', () => {
      expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    });

    it('has a non-empty text for every key', () => {
      for (const [key, text] of [...Object.entries(zh), ...Object.entries(en)]) {
        expect(typeof text === 'string' && text.trim() !== '', `${file}: ${key}`).toBe(true);
      }
    });

    it('uses the same {{placeholders}} in both languages', () => {
      for (const key of Object.keys(zh))
        expect(placeholders(en[key]), `${file}: ${key}`).toEqual(placeholders(zh[key]));
    });
  });
});
