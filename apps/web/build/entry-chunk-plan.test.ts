import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryGroupModules, lazyGroupModules, readChunkPlans } from './entry-chunk-plan';

const chunk = (
  name: string,
  imports: string[],
  moduleIds: string[],
  isEntry = false,
  facadeModuleId: string | null = null,
) => ({ name, isEntry, imports, moduleIds, facadeModuleId });

describe('entryGroupModules', () => {
  const chunks = new Map([
    [
      'index.js',
      chunk('index', ['antd-a.js', 'react.js'], ['/src/main.tsx', '/node_modules/antd/es/own.js'], true),
    ],
    ['antd-a.js', chunk('antd', ['antd-b.js'], ['/node_modules/antd/es/button.js'])],
    ['antd-b.js', chunk('antd', [], ['/node_modules/antd/es/wave.js'])],
    ['react.js', chunk('react', [], ['/node_modules/react/index.js'])],
    // Loaded by a page later, not by the entry.
    ['antd-table.js', chunk('antd', ['antd-a.js'], ['/node_modules/antd/es/table.js'])],
  ]);
  const antd = (id: string) => id.includes('/antd/');

  it('lists the group’s modules of every chunk the entry imports, directly or not', () => {
    expect(entryGroupModules(chunks, 'index', antd)).toEqual([
      '/node_modules/antd/es/button.js',
      '/node_modules/antd/es/wave.js',
    ]);
  });

  it('leaves out the entry chunk’s own modules and what only pages load', () => {
    const modules = entryGroupModules(chunks, 'index', antd);
    expect(modules).not.toContain('/node_modules/antd/es/own.js');
    expect(modules).not.toContain('/node_modules/antd/es/table.js');
  });

  it('fails without the entry', () => {
    expect(() => entryGroupModules(chunks, 'console', antd)).toThrow(/no entry chunk named console/);
  });

  it('takes the entry chunk’s own modules too when asked, but for the entry module (the app’s group)', () => {
    const app = (id: string) => id.startsWith('/src/');
    const withOwn = new Map([
      [
        'index.js',
        chunk(
          'index',
          ['paths.js'],
          ['/src/main.tsx', '/src/router.tsx', '/node_modules/antd/es/own.js'],
          true,
          '/src/main.tsx',
        ),
      ],
      ['paths.js', chunk('paths', [], ['/src/paths.ts'])],
    ]);
    expect(entryGroupModules(withOwn, 'index', app)).toEqual(['/src/paths.ts']);
    expect(entryGroupModules(withOwn, 'index', app, true)).toEqual(['/src/paths.ts', '/src/router.tsx']);
  });
});

describe('lazyGroupModules', () => {
  const chunks = new Map([
    ['index.js', chunk('index', ['antd-a.js'], ['/src/main.tsx'], true)],
    ['antd-a.js', chunk('antd', [], ['/node_modules/antd/es/button.js'])],
    // The frame: a lazily loaded chunk of its own, with its antd code in two more chunks.
    [
      'shell.js',
      chunk(
        'shell-layout',
        ['antd-menu.js', 'antd-a.js', 'paths.js'],
        ['/src/shell.tsx', '/node_modules/antd/es/own.js'],
        false,
        '/src/shell.tsx',
      ),
    ],
    ['antd-menu.js', chunk('antd', ['antd-layout.js'], ['/node_modules/antd/es/menu.js'])],
    ['antd-layout.js', chunk('antd', [], ['/node_modules/antd/es/layout.js'])],
    ['paths.js', chunk('paths', [], ['/src/paths.ts'])],
    // A page: loaded later, inside the frame.
    ['antd-table.js', chunk('antd', ['antd-a.js'], ['/node_modules/antd/es/table.js'])],
  ]);
  const antd = (id: string) => id.includes('/antd/');

  it('lists the group’s modules the frame loads beyond the entry’s', () => {
    expect(lazyGroupModules(chunks, 'index', '/src/shell.tsx', antd)).toEqual([
      '/node_modules/antd/es/layout.js',
      '/node_modules/antd/es/menu.js',
    ]);
  });

  it('leaves out the frame chunk’s own modules, the entry’s, other groups’ and the pages’', () => {
    const modules = lazyGroupModules(chunks, 'index', '/src/shell.tsx', antd);
    for (const id of ['/node_modules/antd/es/own.js', '/node_modules/antd/es/button.js', '/src/paths.ts'])
      expect(modules).not.toContain(id);
    expect(modules).not.toContain('/node_modules/antd/es/table.js');
  });

  it('leaves out, for a page, what the frame loads before it', () => {
    const withPage = new Map([
      ...chunks,
      [
        'home.js',
        chunk('home-page', ['antd-menu.js', 'antd-card.js'], ['/src/home.tsx'], false, '/src/home.tsx'),
      ],
      ['antd-card.js', chunk('antd', [], ['/node_modules/antd/es/card.js'])],
    ]);
    expect(lazyGroupModules(withPage, 'index', '/src/home.tsx', antd, ['/src/shell.tsx'])).toEqual([
      '/node_modules/antd/es/card.js',
    ]);
    expect(lazyGroupModules(withPage, 'index', '/src/home.tsx', antd)).toEqual([
      '/node_modules/antd/es/card.js',
      '/node_modules/antd/es/layout.js',
      '/node_modules/antd/es/menu.js',
    ]);
  });

  it('fails when the frame has no chunk of its own', () => {
    expect(() => lazyGroupModules(chunks, 'index', '/src/other.tsx', antd)).toThrow(
      /no chunk of its own for \/src\/other.tsx/,
    );
  });
});

describe('readChunkPlans', () => {
  const sizes = (plan: { entry: Set<string>; frame: Set<string>; home: Set<string> }) => [
    plan.entry.size,
    plan.frame.size,
    plan.home.size,
  ];

  it('is empty without a plan, so a plain vite build chunks as before', () => {
    const plans = readChunkPlans(path.join(os.tmpdir(), 'no-such-plan.json'));
    expect([sizes(plans.antd), sizes(plans.app)]).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('reads each family’s modules the plan pass wrote', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plan-')), 'plan.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        antd: { entry: ['/a.js', '/b.js'], frame: ['/c.js'], home: ['/d.js'] },
        app: { entry: ['/src/e.ts'], frame: [], home: ['/src/f.ts'] },
      }),
    );
    const plans = readChunkPlans(file);
    expect([...plans.antd.entry]).toEqual(['/a.js', '/b.js']);
    expect([...plans.antd.frame]).toEqual(['/c.js']);
    expect([...plans.antd.home]).toEqual(['/d.js']);
    expect([...plans.app.entry]).toEqual(['/src/e.ts']);
    expect([...plans.app.home]).toEqual(['/src/f.ts']);
  });

  it('treats a plan of the older shape (one family, antd’s) as no plan', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plan-')), 'plan.json');
    fs.writeFileSync(file, JSON.stringify({ entry: ['/a.js'], frame: [], home: [] }));
    expect(sizes(readChunkPlans(file).antd)).toEqual([0, 0, 0]);
  });
});
