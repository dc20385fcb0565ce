import { describe, expect, it } from 'vitest';
import { consoleFirstLoadAssets, type NamedChunkInfo } from './console-prefetch';

interface FakeChunk {
  name: string;
  modules?: string[];
  imports?: string[];
  css?: string[];
  entry?: string;
}

/** Chunks named `<name>.js`, with the fields the function reads. */
function bundleOf(chunks: FakeChunk[]): NamedChunkInfo[] {
  return chunks.map((chunk) => ({
    name: chunk.name,
    fileName: `assets/${chunk.name}.js`,
    isEntry: Boolean(chunk.entry),
    facadeModuleId: chunk.entry ?? null,
    moduleIds: chunk.modules ?? [],
    imports: (chunk.imports ?? []).map((name) => `assets/${name}.js`),
    viteMetadata: { importedCss: new Set(chunk.css ?? []) },
  }));
}

const OPTIONS = {
  entryHtml: '/web/index.html',
  firstPageModules: ['src/app/shell/shell-layout.tsx', 'src/features/home/pages/home-page.tsx'],
};

describe('consoleFirstLoadAssets', () => {
  const bundle = bundleOf([
    {
      name: 'index',
      entry: '/repo/web/index.html',
      imports: ['react', 'antd-a'],
      css: ['assets/index.css'],
    },
    { name: 'auth', entry: '/repo/web/auth.html', imports: ['react'] },
    { name: 'react' },
    { name: 'antd-a', imports: ['react'] },
    {
      name: 'shell',
      modules: ['/repo/web/src/app/shell/shell-layout.tsx'],
      imports: ['antd-a', 'antd-b'],
      css: ['assets/shell.css'],
    },
    { name: 'antd-b' },
    {
      name: 'home',
      modules: ['/repo/web/src/features/home/pages/home-page.tsx', '/repo/web/src/features/home/x.ts'],
      imports: ['react'],
    },
    { name: 'desktops', modules: ['/repo/web/src/features/desktops/list.tsx'], imports: ['echarts'] },
    { name: 'echarts' },
    { name: 'locales-zh-CN-console', modules: ['/repo/web/src/locales/zh-CN/home.json'] },
    { name: 'locales-en-US-console', modules: ['/repo/web/src/locales/en-US/home.json'] },
    { name: 'locales-zh-CN-public' },
  ]);

  it("lists the entry's static closure, the shell's and the home page's, with their CSS; never other pages", () => {
    const { files } = consoleFirstLoadAssets(bundle, OPTIONS);
    // Order is the browser's business (prefetches are all at idle priority).
    expect(files.toSorted()).toEqual([
      '/assets/antd-a.js',
      '/assets/antd-b.js',
      '/assets/home.js',
      '/assets/index.css',
      '/assets/index.js',
      '/assets/react.js',
      '/assets/shell.css',
      '/assets/shell.js',
    ]);
  });

  it("lists each language's console strings apart, and no public strings", () => {
    expect(consoleFirstLoadAssets(bundle, OPTIONS).locales).toEqual({
      'zh-CN': ['/assets/locales-zh-CN-console.js'],
      'en-US': ['/assets/locales-en-US-console.js'],
    });
  });

  it('fails the build when the entry or a first-page module is not in the bundle', () => {
    expect(() => consoleFirstLoadAssets(bundle, { ...OPTIONS, entryHtml: '/web/console.html' })).toThrow(
      /no entry chunk/,
    );
    expect(() =>
      consoleFirstLoadAssets(bundle, { ...OPTIONS, firstPageModules: ['src/features/gone.tsx'] }),
    ).toThrow(/no chunk contains src\/features\/gone.tsx/);
  });
});
