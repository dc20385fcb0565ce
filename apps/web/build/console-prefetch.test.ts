import { describe, expect, it } from 'vitest';
import { consoleFirstLoadAssets, type Manifest } from './console-prefetch';

interface FakeChunk {
  key: string;
  name: string;
  imports?: string[];
  css?: string[];
  entry?: boolean;
}

/** A build manifest of chunks filed as `assets/<name>.js`, keyed as Vite keys them. */
function manifestOf(chunks: FakeChunk[]): Manifest {
  return Object.fromEntries(
    chunks.map((chunk) => [
      chunk.key,
      {
        file: `assets/${chunk.name}.js`,
        name: chunk.name,
        isEntry: chunk.entry,
        imports: chunk.imports ?? [],
        css: chunk.css ?? [],
      },
    ]),
  );
}

const OPTIONS = {
  entryHtml: 'index.html',
  firstPageModules: ['src/app/shell/shell-layout.tsx', 'src/features/home/pages/home-page.tsx'],
};

describe('consoleFirstLoadAssets', () => {
  const manifest = manifestOf([
    {
      key: 'index.html',
      name: 'index',
      entry: true,
      imports: ['_runtime.js', '_react.js', '_antd-a.js'],
      css: ['assets/index.css'],
    },
    { key: '_runtime.js', name: 'runtime' },
    { key: '_react.js', name: 'react' },
    { key: '_antd-a.js', name: 'antd-a', imports: ['_react.js'] },
    {
      key: 'src/app/shell/shell-layout.tsx',
      name: 'shell',
      imports: ['_antd-a.js', '_antd-b.js', 'index.html'],
      css: ['assets/shell.css'],
    },
    { key: '_antd-b.js', name: 'antd-b' },
    { key: 'src/features/home/pages/home-page.tsx', name: 'home', imports: ['_react.js'] },
    { key: 'src/features/desktops/list.tsx', name: 'desktops', imports: ['_echarts.js'] },
    { key: '_echarts.js', name: 'echarts' },
    { key: '_locales-zh-CN-console.js', name: 'locales-zh-CN-console', imports: ['_runtime.js'] },
    { key: '_locales-en-US-console.js', name: 'locales-en-US-console', imports: ['_runtime.js'] },
    { key: '_locales-zh-CN-public.js', name: 'locales-zh-CN-public', imports: ['_runtime.js'] },
    { key: '_locales-en-US-public.js', name: 'locales-en-US-public', imports: ['_runtime.js'] },
  ]);

  it("lists the entry's static closure, the shell's and the home page's, with their CSS; never other pages", () => {
    const { files } = consoleFirstLoadAssets(manifest, OPTIONS);
    // Order is the browser's business (prefetches are all at idle priority).
    expect(files.toSorted()).toEqual([
      '/assets/antd-a.js',
      '/assets/antd-b.js',
      '/assets/home.js',
      '/assets/index.css',
      '/assets/index.js',
      '/assets/react.js',
      '/assets/runtime.js',
      '/assets/shell.css',
      '/assets/shell.js',
    ]);
  });

  it("lists each language's console and public strings apart (the sign-in build has its own copy), without files listed already", () => {
    const { locales } = consoleFirstLoadAssets(manifest, OPTIONS);
    expect(Object.keys(locales).toSorted()).toEqual(['en-US', 'zh-CN']);
    expect(locales['zh-CN']?.toSorted()).toEqual([
      '/assets/locales-zh-CN-console.js',
      '/assets/locales-zh-CN-public.js',
    ]);
    expect(locales['en-US']?.toSorted()).toEqual([
      '/assets/locales-en-US-console.js',
      '/assets/locales-en-US-public.js',
    ]);
  });

  it('fails the build when the entry or a first-page module is not in the manifest', () => {
    expect(() => consoleFirstLoadAssets(manifest, { ...OPTIONS, entryHtml: 'console.html' })).toThrow(
      /no entry chunk/,
    );
    expect(() =>
      consoleFirstLoadAssets(manifest, { ...OPTIONS, firstPageModules: ['src/features/gone.tsx'] }),
    ).toThrow(/no chunk contains src\/features\/gone.tsx/);
  });
});
