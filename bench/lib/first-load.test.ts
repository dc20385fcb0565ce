import { describe, expect, it } from 'vitest';
import {
  chunkNamed,
  entryWeights,
  firstLoad,
  manifestKeyOf,
  pageWeights,
  routeModules,
  staticClosure,
  type Manifest,
} from './first-load';

// A build shaped like the web app's: an entry that lazily loads the shell and the pages, a page
// that imports a chart chunk dynamically, shared chunks, and one locale chunk per group.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_i18n.js'],
    dynamicImports: [
      'src/app/shell/shell-layout.tsx',
      'src/pages/home.tsx',
      'src/pages/log.tsx',
      'src/pages/login.tsx',
    ],
  },
  '_react.js': { file: 'assets/react.js', name: 'react' },
  '_i18n.js': {
    file: 'assets/i18n.js',
    name: 'i18n',
    dynamicImports: ['_locales-public.js', '_locales-console.js'],
  },
  '_locales-public.js': { file: 'assets/locales-public.js', name: 'locales-zh-CN-public' },
  '_locales-console.js': { file: 'assets/locales-console.js', name: 'locales-zh-CN-console' },
  'src/app/shell/shell-layout.tsx': {
    file: 'assets/shell.js',
    name: 'shell-layout',
    isDynamicEntry: true,
    imports: ['index.html', '_react.js', '_antd-shell.js'],
  },
  '_antd-shell.js': { file: 'assets/antd-shell.js', name: 'antd~shell', imports: ['_react.js'] },
  'src/pages/home.tsx': {
    file: 'assets/home.js',
    name: 'home',
    isDynamicEntry: true,
    imports: ['index.html', '_antd-shell.js', '_antd-home.js'],
  },
  '_antd-home.js': { file: 'assets/antd-home.js', name: 'antd~home', imports: ['_react.js'] },
  'src/pages/log.tsx': {
    file: 'assets/log.js',
    name: 'log',
    isDynamicEntry: true,
    imports: ['index.html'],
    dynamicImports: ['src/components/chart.ts'],
  },
  'src/components/chart.ts': {
    file: 'assets/chart.js',
    name: 'chart',
    isDynamicEntry: true,
    imports: ['_echarts.js', '_react.js'],
  },
  '_echarts.js': { file: 'assets/echarts.js', name: 'echarts' },
  'src/pages/login.tsx': {
    file: 'assets/login.js',
    name: 'login',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
};

/** Every file weighs 1 000 bytes, except the named ones. */
const SIZES: Record<string, number> = { 'assets/echarts.js': 50_000, 'assets/antd-home.js': 7_000 };
const size = (file: string) => SIZES[file] ?? 1_000;

describe('staticClosure', () => {
  it('follows static imports transitively, not dynamic ones, and stops at cycles', () => {
    // home imports the entry, which imports react and i18n; the pages and locales it only import()s.
    expect(staticClosure(manifest, ['src/pages/home.tsx'])).toEqual(
      new Set([
        'src/pages/home.tsx',
        'index.html',
        '_react.js',
        '_i18n.js',
        '_antd-shell.js',
        '_antd-home.js',
      ]),
    );
    expect(staticClosure(manifest, ['index.html'])).toEqual(new Set(['index.html', '_react.js', '_i18n.js']));
  });

  it('refuses a key the manifest does not have', () => {
    expect(() => staticClosure(manifest, ['src/missing.tsx'])).toThrow(/no chunk src\/missing\.tsx/);
  });
});

describe('firstLoad', () => {
  it("counts the page's own dynamic imports as later, not the entry's other pages", () => {
    const load = firstLoad(manifest, ['index.html'], ['src/pages/log.tsx']);
    expect(load.now).toEqual(new Set(['index.html', '_react.js', '_i18n.js', 'src/pages/log.tsx']));
    expect(load.own).toEqual(new Set(['src/pages/log.tsx']));
    // The chart chunk and ECharts, but not react (loaded already) nor the shell or home page.
    expect(load.later).toEqual(new Set(['src/components/chart.ts', '_echarts.js']));
  });

  it('leaves out of own what the base loads already', () => {
    const load = firstLoad(
      manifest,
      ['index.html', 'src/app/shell/shell-layout.tsx'],
      ['src/pages/home.tsx'],
    );
    expect(load.own).toEqual(new Set(['src/pages/home.tsx', '_antd-home.js']));
    expect(load.later).toEqual(new Set());
  });
});

describe('manifestKeyOf and chunkNamed', () => {
  it('finds a module with or without its extension, and a chunk by name', () => {
    expect(manifestKeyOf(manifest, 'src/pages/home')).toBe('src/pages/home.tsx');
    expect(manifestKeyOf(manifest, 'src/pages/home.tsx')).toBe('src/pages/home.tsx');
    expect(() => manifestKeyOf(manifest, 'src/pages/hom')).toThrow(/no chunk/);
    expect(chunkNamed(manifest, 'locales-zh-CN-console')).toBe('_locales-console.js');
    expect(() => chunkNamed(manifest, 'locales-fr-FR-public')).toThrow(/no chunk named/);
  });
});

const ROUTER = `
import { HOME_PATH } from './paths';
export const routeTable: RouteTable = {
  open: [
    { path: '/login', meta: { title: 'route.login' }, page: () => import('../pages/login').then((m) => m.LoginPage) },
  ],
  standalone: [{ path: '/', redirect: HOME_PATH }],
  console: [{ path: HOME_PATH, meta: { title: 'route.home' }, page: () => import('../pages/home').then((m) => m.HomePage) }],
  frame: withConsoleNamespaces(() => import('./shell/shell-layout').then((m) => m.ShellLayout)),
  pages: {
    'cloud/log': () => import('../pages/log').then((m) => m.LogPage),
  },
};
const other = () => import('../pages/not-a-route');
`;

describe('routeModules', () => {
  it('reads each import() of the route table with its group and route, skipping redirects and other code', () => {
    expect(routeModules(ROUTER, 'src/app/router.tsx')).toEqual([
      { group: 'open', route: '/login', module: 'src/pages/login', consoleStrings: false },
      { group: 'console', route: 'HOME_PATH', module: 'src/pages/home', consoleStrings: false },
      { group: 'frame', route: 'frame', module: 'src/app/shell/shell-layout', consoleStrings: true },
      { group: 'pages', route: 'cloud/log', module: 'src/pages/log', consoleStrings: false },
    ]);
  });

  it('names a route by the literal its path constant declares, here or in the module it imports it from', () => {
    const router = `
      import { HOME_PATH } from './paths';
      import { GONE_PATH } from './gone';
      const LOCAL_PATH = '/local';
      export const routeTable = {
        console: [
          { path: HOME_PATH, page: () => import('../pages/home') },
          { path: LOCAL_PATH, page: () => import('../pages/local') },
          { path: GONE_PATH, page: () => import('../pages/gone') },
        ],
      };`;
    const asked: string[] = [];
    const read = (module: string) => {
      asked.push(module);
      return module === 'src/app/paths' ? "export const HOME_PATH = '/index';" : undefined;
    };
    expect(routeModules(router, 'src/app/router.tsx', read).map((m) => m.route)).toEqual([
      '/index',
      '/local',
      'GONE_PATH', // its module could not be read: the constant's name
    ]);
    expect(asked).toEqual(['src/app/paths', 'src/app/gone']);
  });

  it('fails when the file has no route table', () => {
    expect(() => routeModules('export const routes = [];', 'src/app/router.tsx')).toThrow(
      /no `const routeTable/,
    );
  });
});

describe('entryWeights', () => {
  it("weighs each entry of a build's manifest by its static imports only (the sign-in pages' build)", () => {
    const auth: Manifest = {
      'auth.html': {
        file: 'assets/auth.js',
        isEntry: true,
        imports: ['_runtime.js'],
        dynamicImports: ['_locales-public.js', 'src/auth/toaster.tsx'],
      },
      '_runtime.js': { file: 'assets/runtime.js', name: 'rolldown-runtime' },
      '_locales-public.js': { file: 'assets/locales-public.js', name: 'locales-zh-CN-public' },
      'src/auth/toaster.tsx': { file: 'assets/toaster.js', name: 'toaster', imports: ['auth.html'] },
    };
    expect(entryWeights(auth, size)).toEqual([
      {
        group: 'entry',
        route: 'auth.html',
        module: 'auth.html',
        files: 2,
        bytes: 2_000,
        ownBytes: 2_000,
        largest: { name: 'auth.html', bytes: 1_000 },
        later: [],
        laterBytes: 0,
      },
    ]);
  });
});

describe('pageWeights', () => {
  const rows = pageWeights(manifest, routeModules(ROUTER, 'src/app/router.tsx'), {
    insideFrame: ['console', 'pages'],
    locales: { public: '_locales-public.js', console: '_locales-console.js' },
    size,
  });
  const row = (route: string) => rows.find((r) => r.route === route)!;

  it("weighs an HTML entry's static imports", () => {
    expect(row('index.html')).toMatchObject({ group: 'entry', files: 3, bytes: 3_000, ownBytes: 3_000 });
  });

  it('weighs an open page without the shell or the console strings', () => {
    // entry, react, i18n, public strings, the page
    expect(row('/login')).toMatchObject({
      files: 5,
      bytes: 5_000,
      ownBytes: 1_000,
      later: [],
      laterBytes: 0,
    });
  });

  it('weighs a console page with the shell, its chunks and the console strings', () => {
    // entry, react, i18n, both locale chunks, shell, antd~shell, the page and antd~home (7 000)
    expect(row('HOME_PATH')).toMatchObject({
      files: 9,
      bytes: 15_000,
      ownBytes: 8_000,
      largest: { name: 'antd~home', bytes: 7_000 },
    });
  });

  it('marks what a page imports dynamically as loading later, apart from its first load', () => {
    expect(row('cloud/log')).toMatchObject({
      files: 8,
      bytes: 8_000,
      later: ['chart', 'echarts'],
      laterBytes: 51_000,
    });
  });
});

describe("a feature group's strings", () => {
  const router = `
export const routeTable: RouteTable = {
  frame: withConsoleNamespaces(() => import('./shell/shell-layout').then((m) => m.ShellLayout)),
  pages: {
    'cloud/log': () => import('../pages/log').then((m) => m.LogPage),
    'phone/list': withFeatureNamespaces('phones', () => import('../pages/phones').then((m) => m.PhoneListPage)),
  },
};
`;
  const withPhones: Manifest = {
    ...manifest,
    '_locales-phones.js': { file: 'assets/locales-phones.js', name: 'locales-zh-CN-phones' },
    'src/pages/phones.tsx': {
      file: 'assets/phones.js',
      name: 'phones',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
  };
  const modules = routeModules(router, 'src/app/router.tsx');
  const rows = pageWeights(withPhones, modules, {
    insideFrame: ['pages'],
    locales: { public: '_locales-public.js', console: '_locales-console.js' },
    size,
  });
  const row = (route: string) => rows.find((r) => r.route === route)!;

  it('reads the group of a loader wrapped in withFeatureNamespaces', () => {
    expect(modules.find((module) => module.route === 'phone/list')).toMatchObject({
      featureStrings: ['phones'],
    });
    expect(modules.find((module) => module.route === 'cloud/log')?.featureStrings).toBeUndefined();
  });

  it("weighs the group's locale chunk with its pages only", () => {
    // cloud/log: 8 files (above); the phone page: the frame's 7 files, its own and the phones' strings.
    expect(row('cloud/log').files).toBe(8);
    expect(row('phone/list')).toMatchObject({ files: 9, bytes: 9_000, ownBytes: 1_000 });
  });
});
