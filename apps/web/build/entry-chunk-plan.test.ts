import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryGroupModules, readChunkPlan } from './entry-chunk-plan';

const chunk = (name: string, imports: string[], moduleIds: string[], isEntry = false) => ({
  name,
  isEntry,
  imports,
  moduleIds,
});

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
});

describe('readChunkPlan', () => {
  it('is empty without a plan, so a plain vite build chunks as before', () => {
    expect(readChunkPlan(path.join(os.tmpdir(), 'no-such-plan.json')).size).toBe(0);
  });

  it('reads the modules the plan pass wrote', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plan-')), 'plan.json');
    fs.writeFileSync(file, JSON.stringify(['/a.js', '/b.js']));
    expect([...readChunkPlan(file)]).toEqual(['/a.js', '/b.js']);
  });
});
