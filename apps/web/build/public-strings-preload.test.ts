import { describe, expect, it } from 'vitest';
import { publicStringFiles } from './public-strings-preload';

const chunk = (name: string, imports: string[] = []) => ({
  name,
  fileName: `assets/${name}.js`,
  facadeModuleId: null,
  imports: imports.map((imported) => `assets/${imported}.js`),
});

describe('publicStringFiles', () => {
  it("lists every language's public strings with the chunks they import, and nothing else", () => {
    const files = publicStringFiles([
      chunk('auth', ['runtime']),
      chunk('runtime'),
      chunk('locales-zh-CN-public', ['runtime']),
      chunk('locales-en-US-public', ['runtime']),
      chunk('locales-zh-CN-console', ['runtime']),
      chunk('toaster', ['auth']),
    ]);
    expect(files).toEqual([
      'assets/locales-en-US-public.js',
      'assets/locales-zh-CN-public.js',
      'assets/runtime.js',
    ]);
  });
});
