import { describe, expect, it } from 'vitest';
import { preloadStylesheets, preloadsFor, scriptsAfterLoader, type ChunkInfo } from './first-load';

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

describe('scriptsAfterLoader', () => {
  const html = [
    '<!doctype html>',
    '<html>',
    '  <head>',
    '    <title>Cloudbay</title>',
    '    <script type="module" crossorigin src="/assets/index-A.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-B.js">',
    '    <link rel="modulepreload" crossorigin href="/assets/antd-C.js">',
    '    <link rel="preload" as="style" crossorigin href="/assets/index-D.css" data-apply>',
    '  </head>',
    '  <body>',
    '    <div id="root"><div class="boot">Cloudbay</div></div>',
    '  </body>',
    '</html>',
  ].join('\n');

  it('moves the module script and its preloads after the loader, in their order, and leaves the styles in the head', () => {
    const moved = scriptsAfterLoader(html);
    const head = moved.slice(0, moved.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('<script');
    expect(head).toContain('index-D.css');
    const loader = moved.indexOf('class="boot"');
    const script = moved.indexOf('index-A.js');
    expect(loader).toBeGreaterThan(0);
    expect(script).toBeGreaterThan(loader);
    expect(moved.indexOf('react-B.js')).toBeGreaterThan(script);
    expect(moved.indexOf('antd-C.js')).toBeGreaterThan(moved.indexOf('react-B.js'));
    expect(moved.indexOf('antd-C.js')).toBeLessThan(moved.indexOf('</body>'));
  });

  it('leaves an HTML without module scripts unchanged', () => {
    const plain = '<html><head></head><body><p>x</p></body></html>';
    expect(scriptsAfterLoader(plain)).toBe(plain);
  });
});

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
