import { describe, expect, it } from 'vitest';
import { preloadStylesheets, preloadsFor, type ChunkInfo } from './first-load';

describe('preloadStylesheets', () => {
  it('turns the head’s stylesheets into preloads that main.tsx applies, so the loader paints first', () => {
    const html = [
      '<head>',
      '  <script type="module" crossorigin src="/assets/index.js"></script>',
      '  <link rel="stylesheet" crossorigin href="/assets/index.css">',
      '</head>',
    ].join('\n');
    expect(preloadStylesheets(html)).toBe(
      [
        '<head>',
        '  <script type="module" crossorigin src="/assets/index.js"></script>',
        '  <link rel="preload" as="style" crossorigin href="/assets/index.css" data-apply>',
        '</head>',
      ].join('\n'),
    );
  });
});

const chunk = (
  fileName: string,
  imports: string[] = [],
  facadeModuleId: string | null = null,
  css: string[] = [],
) => ({ fileName, imports, facadeModuleId, viteMetadata: { importedCss: new Set(css) } }) satisfies ChunkInfo;

describe('preloadsFor', () => {
  const chunks = [
    chunk('index.js', ['react.js', 'antd-core.js'], '/src/main.tsx', ['index.css']),
    chunk('react.js'),
    chunk('antd-core.js'),
    chunk('shell.js', ['antd-menu.js', 'antd-core.js'], '/src/shell.tsx', ['shell.css']),
    chunk('antd-menu.js', ['antd-core.js', 'antd-popup.js']),
    chunk('antd-popup.js'),
    chunk('home.js', ['antd-menu.js', 'antd-card.js'], '/src/home.tsx', ['home.css', 'index.css']),
    chunk('antd-card.js'),
    chunk('bill.js', ['antd-table.js'], '/src/bill.tsx'),
    chunk('antd-table.js'),
  ];

  it('lists the pages’ chunks and what they import, without what the entry loads already', () => {
    expect(preloadsFor(chunks, 'index.js', ['/src/shell.tsx', '/src/home.tsx'])).toEqual({
      scripts: ['antd-card.js', 'antd-menu.js', 'antd-popup.js', 'home.js', 'shell.js'],
      styles: ['home.css', 'shell.css'],
    });
  });

  it('fails when a page has no chunk of its own, rather than preloading nothing', () => {
    expect(() => preloadsFor(chunks, 'index.js', ['/src/renamed.tsx'])).toThrow(/renamed\.tsx/);
  });
});
