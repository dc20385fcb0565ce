import { describe, expect, it } from 'vitest';
import { moveStylesheetsToBody, preloadsFor, type ChunkInfo } from './first-load';

describe('moveStylesheetsToBody', () => {
  it('puts the stylesheets after the loader, so the loader paints before they arrive', () => {
    const html = [
      '<html>',
      '  <head>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
      '  </head>',
      '  <body>',
      '    <div id="root"><div class="boot"></div></div>',
      '  </body>',
      '</html>',
    ].join('\n');
    const moved = moveStylesheetsToBody(html);
    const head = moved.slice(0, moved.indexOf('</head>'));
    expect(head).not.toContain('stylesheet');
    expect(moved.indexOf('rel="stylesheet"')).toBeGreaterThan(moved.indexOf('class="boot"'));
    expect(moved.indexOf('rel="stylesheet"')).toBeLessThan(moved.indexOf('</body>'));
    expect(moved).toContain('    <link rel="stylesheet" crossorigin href="/assets/index.css">\n  </body>');
  });

  it('leaves a page without stylesheets as it is', () => {
    expect(moveStylesheetsToBody('<head></head><body></body>')).toBe('<head></head><body></body>');
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
