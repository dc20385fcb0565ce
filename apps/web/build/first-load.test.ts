import { describe, expect, it } from 'vitest';
import { HOME_PATH as ACCESS_RULE_HOME } from '../src/lib/access-rule';
import {
  firstPageFilesOf,
  HOME_PATH,
  preloadStylesheets,
  preloadsFor,
  stylesheetsAfterContent,
  takeEntryOut,
  withBootModule,
  type ChunkInfo,
} from './first-load';

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

describe('stylesheetsAfterContent', () => {
  it('moves the stylesheets from the head to the end of the body, after the skeleton', () => {
    const html = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/auth.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/auth.css">',
      '</head>',
      '<body>',
      '  <div id="root"><div class="boot"></div></div>',
      '</body>',
    ].join('\n');
    expect(stylesheetsAfterContent(html)).toBe(
      [
        '<head>',
        '    <script type="module" crossorigin src="/assets/auth.js"></script>',
        '</head>',
        '<body>',
        '  <div id="root"><div class="boot"></div></div>',
        '  <link rel="stylesheet" crossorigin href="/assets/auth.css">',
        '  </body>',
      ].join('\n'),
    );
  });

  it('leaves an HTML without stylesheets as it is', () => {
    expect(stylesheetsAfterContent('<head></head><body></body>')).toBe('<head></head><body></body>');
  });
});

const chunk = (
  fileName: string,
  imports: string[] = [],
  facadeModuleId: string | null = null,
  css: string[] = [],
) => ({ fileName, imports, facadeModuleId, viteMetadata: { importedCss: new Set(css) } }) satisfies ChunkInfo;

describe('takeEntryOut', () => {
  const html = [
    '<!doctype html>',
    '<html>',
    '  <head>',
    '    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
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

  it('takes the script, its module preloads and the style preloads out, in their order', () => {
    const { html: rest, entry } = takeEntryOut(html);
    expect(entry).toEqual({
      script: '/assets/index-A.js',
      modules: ['/assets/react-B.js', '/assets/antd-C.js'],
      styles: [{ href: '/assets/index-D.css', apply: true }],
    });
    expect(rest).not.toMatch(/<script|modulepreload|rel="preload"/);
    // The rest stays: the icon, the title, the loader.
    expect(rest).toContain('/favicon.svg');
    expect(rest).toContain('<div class="boot">Cloudbay</div>');
  });

  it('fails on an HTML without a module script, so a changed template cannot lose the console', () => {
    expect(() => takeEntryOut('<html><head></head><body><p>x</p></body></html>')).toThrow(/no module script/);
  });

  it('fails on a preload it could not add again', () => {
    const font = html.replace(
      '</head>',
      '<link rel="preload" as="font" href="/assets/f.woff2" crossorigin></head>',
    );
    expect(() => takeEntryOut(font)).toThrow(/cannot add/);
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

describe('firstPageFilesOf (what the boot module preloads)', () => {
  const named = (name: string, info: ChunkInfo) => ({ ...info, name });
  const chunks = [
    named('index', chunk('index.js', ['react.js', 'antd-core.js'], '/src/main.tsx')),
    named('react', chunk('react.js')),
    named('antd', chunk('antd-core.js')),
    named('shell-layout', chunk('shell.js', ['antd-menu.js', 'antd-core.js'], '/src/shell.tsx')),
    named('antd', chunk('antd-menu.js', ['antd-core.js'])),
    named('home-page', chunk('home.js', ['antd-menu.js', 'antd-card.js'], '/src/home.tsx')),
    named('antd', chunk('antd-card.js')),
    named('locales-zh-CN-public', chunk('zh-public.js')),
    named('locales-zh-CN-console', chunk('zh-console.js')),
    named('locales-en-US-public', chunk('en-public.js')),
    named('locales-zh-CN-phones', chunk('zh-phones.js')),
  ];

  it('splits the frame’s files from the home page’s and lists each language’s public and console strings', () => {
    expect(firstPageFilesOf(chunks, 'index.js', ['/src/shell.tsx', '/src/home.tsx'], '/')).toEqual({
      frame: ['/antd-menu.js', '/shell.js'],
      pages: { '/index': ['/antd-card.js', '/home.js'], '/': ['/antd-card.js', '/home.js'] },
      strings: { 'zh-CN': ['/zh-console.js', '/zh-public.js'], 'en-US': ['/en-public.js'] },
    });
  });

  it('names the home as the access rule does', () => {
    expect(HOME_PATH).toBe(ACCESS_RULE_HOME);
  });
});

describe('withBootModule', () => {
  const html = ['<body>', '  <div id="root"></div>', '</body>'].join('\n');

  it('puts the file list and then the boot module at the end of the body, after the loader', () => {
    const files = {
      entry: { script: '/assets/index-A.js', modules: [], styles: [] },
      frame: ['/assets/x.js'],
      pages: {},
      strings: { 'zh-CN': ['/assets/<s>.js'] },
    };
    const out = withBootModule(html, '/assets/boot-C.js', files);
    const data = out.indexOf('type="application/json"');
    const boot = out.indexOf('/assets/boot-C.js');
    expect(data).toBeGreaterThan(out.indexOf('id="root"'));
    expect(boot).toBeGreaterThan(data);
    expect(out.indexOf('</body>')).toBeGreaterThan(boot);
    // `<` cannot end the JSON's script element early.
    expect(out).not.toContain('<s>');
    const json = /<script type="application\/json" id="cloudbay-first-page">(.*?)<\/script>/.exec(out)?.[1];
    expect(JSON.parse(json ?? '')).toEqual(files);
  });

  it('fails on an HTML without a body', () => {
    expect(() =>
      withBootModule('<p>x</p>', '/boot.js', {
        entry: { script: '/index.js', modules: [], styles: [] },
        frame: [],
        pages: {},
        strings: {},
      }),
    ).toThrow();
  });
});
