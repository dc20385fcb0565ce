/**
 * Build-time antd styles: the CSS of the antd components the app uses, rendered in Node with the
 * app's theme, so the browser reads one stylesheet instead of antd generating ~80 `<style>` tags at
 * runtime (`theme.zeroRuntime` in app/providers.tsx turns that generation off in production).
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { ThemeConfig } from 'antd';
import { runnerImport, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** `import { A, B as C, type D } from 'antd'` and `from 'antd/es/<dir>'` in a source file. */
const ANTD_NAMED_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'antd'/g;
const ANTD_DIR_IMPORT = /from\s+'antd\/es\/([a-z-]+)'/g;
const RELATIVE_IMPORT = /(?:from|import)\s*'(\.{1,2}\/[^']+)'/g;

/** antd exports whose first letter is lower case but which are components with styles. */
const LOWER_CASE_COMPONENTS = new Set(['message', 'notification']);

const pascal = (dir: string) =>
  dir.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    }),
  );
  return nested.flat();
}

/** The antd names a source file imports as values (`import { Table, type TableProps } from 'antd'` → Table). */
export function antdImportsOf(source: string): string[] {
  const names: string[] = [];
  for (const [, typeOnly, list = ''] of source.matchAll(ANTD_NAMED_IMPORT)) {
    if (typeOnly) continue;
    for (const part of list.split(',')) {
      const [name = ''] = part.trim().split(/\s+as\s+/);
      // `type X` inside the braces names a type only: no styles behind it.
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  for (const [, dir = ''] of source.matchAll(ANTD_DIR_IMPORT)) names.push(pascal(dir));
  return names;
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.js`, join(base, 'index.js')].find(
    (path) => existsSync(path) && path.endsWith('.js'),
  );
}

/**
 * The antd component folders a component's code reaches (Table → Pagination, Spin, Empty, Checkbox,
 * Dropdown, …): what it renders inside itself, popups included, needs styles too. Followed file by
 * file, so a shared helper folder (config-provider, _util) adds only what the used files import.
 */
function reachedComponentDirs(antdEs: string, dirs: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const reached = new Set<string>();
  const pending = [...dirs].map((dir) => join(antdEs, dir, 'index.js')).filter((path) => existsSync(path));
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const [dir = '', ...rest] = file.slice(antdEs.length + 1).split('/');
    // A locale table or a hook borrowed from another folder renders nothing of it.
    if (!rest.some((part) => part === 'locale' || part === 'hooks')) reached.add(dir);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const next = resolveModule(file, specifier);
      if (next?.startsWith(antdEs)) pending.push(next);
    }
  }
  return reached;
}

/**
 * The antd components whose styles the app needs: those imported under `srcDir`, plus every
 * component they render internally, as antd's exported names (`Table`, `message`, …).
 */
export async function usedAntdComponents(srcDir: string): Promise<string[]> {
  const antdEs = dirname(require.resolve('antd/es/index.js'));
  const exported = new Set(Object.keys(require('antd') as object));
  const imported = new Set<string>();
  for (const file of await sourceFiles(srcDir)) {
    for (const name of antdImportsOf(await readFile(file, 'utf8'))) imported.add(name);
  }
  const dirOf = new Map<string, string>();
  for (const dir of await readdir(antdEs)) dirOf.set(LOWER_CASE_COMPONENTS.has(dir) ? dir : pascal(dir), dir);
  const startDirs = [...imported].flatMap((name) => dirOf.get(name) ?? []);
  const names = [...reachedComponentDirs(antdEs, startDirs)]
    .map((dir) => (LOWER_CASE_COMPONENTS.has(dir) ? dir : pascal(dir)))
    .filter((name) => exported.has(name) && (LOWER_CASE_COMPONENTS.has(name) || /^[A-Z]/.test(name)));
  return names.sort();
}

/**
 * The CSS of `components` under `theme`, without the design-token variables: antd still writes
 * those at runtime (ConfigProvider), so they follow the theme colour the user picks.
 */
export async function extractAntdStyles(components: string[], theme: ThemeConfig): Promise<string> {
  const { extractStyle: renderComponents } = await import('@ant-design/static-style-extract');
  const { createCache, extractStyle, StyleProvider } = await import('@ant-design/cssinjs');
  const { createElement } = await import('react');
  const { ConfigProvider } = await import('antd');
  // static-style-extract knows how to render each component (Modal's panel, message's notice, …) but
  // extracts the token variables too: render into a cache of our own and take the styles only.
  const cache = createCache();
  renderComponents({
    includes: components,
    customTheme: (node) =>
      createElement(StyleProvider, { cache }, createElement(ConfigProvider, { theme }, node)),
  });
  return extractStyle(cache, { plain: true, types: 'style' });
}

/** What the console's entry imports to get the styles. */
export const ANTD_STYLES_MODULE = 'virtual:antd-styles.css';
const RESOLVED_ID = `\0${ANTD_STYLES_MODULE}`;

/**
 * Serves `virtual:antd-styles.css`: in a build, the styles of the antd components used under
 * `srcDir` (a new page's components are found without a list to update) with the default theme of
 * `themeModule` (its `themeFor()`); in the dev server nothing, since antd generates its styles at
 * runtime there (zeroRuntime is off). A colour picked in the settings drawer reaches the extracted
 * styles through antd's token variables, which stay live at runtime.
 */
export function antdStyles(srcDir: string, themeModule: string): Plugin {
  let build = false;
  return {
    name: 'cloudbay:antd-styles',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === ANTD_STYLES_MODULE ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (!build) return '';
      const components = await usedAntdComponents(srcDir);
      // Through Vite's module runner: the theme imports TypeScript the config loader cannot run.
      const { module } = await runnerImport<{ themeFor: () => ThemeConfig }>(themeModule, {
        configFile: false,
        logLevel: 'error',
      });
      this.info(`antd styles of ${components.length} components: ${components.join(', ')}`);
      return extractAntdStyles(components, module.themeFor());
    },
  };
}
