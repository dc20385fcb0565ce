import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lightEntryProblem, type GuardedChunk } from './light-entry-guard';

function chunk(name: string, fields: Partial<GuardedChunk> = {}): GuardedChunk {
  return {
    fileName: `assets/${name}.js`,
    name,
    isEntry: false,
    imports: [],
    moduleIds: [],
    code: '',
    ...fields,
  };
}

/** Code of about `chars` characters that gzip cannot shrink much. */
const incompressible = (chars: number) => randomBytes(chars).toString('base64').slice(0, chars);
const gzipped = (code: string) => gzipSync(code, { level: 9 }).length;

const auth = chunk('auth', { isEntry: true, imports: ['assets/react.js', 'assets/shared.js'] });
// The sign-in entry runs on preact/compat (vite.auth.config.ts).
const react = chunk('react', { moduleIds: ['/repo/node_modules/preact/compat/dist/compat.module.js'] });

describe('lightEntryProblem', () => {
  it('passes a light entry', () => {
    expect(lightEntryProblem([auth, react, chunk('shared')], 'auth')).toBeUndefined();
  });

  it('names a console library anywhere in the static graph, and the chunk it came through', () => {
    const shared = chunk('shared', { imports: ['assets/antd-x.js'] });
    const antd = chunk('antd-x', { moduleIds: ['/repo/node_modules/antd/es/button/index.js'] });
    expect(lightEntryProblem([auth, react, shared, antd], 'auth')).toBe(
      'the auth entry loads /repo/node_modules/antd/es/button/index.js (through assets/antd-x.js): keep it light',
    );
    const axios = chunk('shared', { moduleIds: ['/repo/node_modules/axios/lib/axios.js'] });
    expect(lightEntryProblem([auth, react, axios], 'auth')).toMatch(/loads .*axios/);
  });

  it('refuses React DOM: an import escaping the Preact aliases would ship both', () => {
    const reactDom = chunk('react', {
      moduleIds: ['/repo/node_modules/react-dom/cjs/react-dom-client.production.js'],
    });
    expect(lightEntryProblem([auth, reactDom, chunk('shared')], 'auth')).toMatch(/loads .*react-dom/);
  });

  it('refuses i18next: an import escaping the i18n-lite aliases would ship both', () => {
    const i18next = chunk('react', { moduleIds: ['/repo/node_modules/i18next/dist/esm/i18next.js'] });
    expect(lightEntryProblem([auth, i18next, chunk('shared')], 'auth')).toMatch(/loads .*i18next/);
    const binding = chunk('react', { moduleIds: ['/repo/node_modules/react-i18next/dist/es/index.js'] });
    expect(lightEntryProblem([auth, binding, chunk('shared')], 'auth')).toMatch(/loads .*react-i18next/);
  });

  it('ignores what the entry only imports dynamically (the console loads antd; the entry never does)', () => {
    const console = chunk('index', { isEntry: true, moduleIds: ['/repo/node_modules/antd/es/app/index.js'] });
    expect(lightEntryProblem([auth, react, chunk('shared'), console], 'auth')).toBeUndefined();
  });

  it('counts the static graph and the largest public strings against the budget', () => {
    const shared = chunk('shared', { code: incompressible(6000) });
    const zh = chunk('locales-zh-CN-public', { code: incompressible(3000) });
    const en = chunk('locales-en-US-public', { code: incompressible(2000) });
    const consoleStrings = chunk('locales-zh-CN-console', { code: incompressible(50_000) });
    const all = [auth, react, shared, zh, en, consoleStrings];
    // The entry's graph and the larger language; the console's strings are not the sign-in pages'.
    const weight = gzipped(auth.code) + gzipped(react.code) + gzipped(shared.code) + gzipped(zh.code);
    expect(lightEntryProblem(all, 'auth', weight)).toBeUndefined();
    expect(lightEntryProblem(all, 'auth', weight - 1)).toBe(
      `the auth entry's first load is ${(weight / 1024).toFixed(1)} KB gzip, over its ${((weight - 1) / 1024).toFixed(1)} KB budget`,
    );
  });

  it('fails when the entry is missing', () => {
    expect(lightEntryProblem([react], 'auth')).toBe('light entry "auth" not found in the bundle');
  });
});
