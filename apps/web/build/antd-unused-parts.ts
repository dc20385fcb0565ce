/**
 * Some antd components import, statically, a sub-feature this console never uses, and every page
 * that shows the component downloads it: antd's Table imports its column filter dropdown (antd's
 * Tree, Menu, Input, Radio and their rc-components, about 20 KB gzip) whether or not a column has
 * `filters`, and antd's Card imports Tabs (rc-tabs, about 8 KB) for its `tabList`. Tree-shaking
 * cannot drop them: the component refers to them in its render. This plugin points those imports,
 * and only those importers' ones, at a module whose component throws, so the unused code leaves the
 * bundle; the other exports of the replaced module are re-exported from it (antd's modules are free
 * of side effects, so what is not re-exported is dropped).
 *
 * The build refuses a source file under `src/` that uses one of the dropped features (`filters` or
 * `filterDropdown` on a column, a Card's `tabList`): such a page needs the entry removed from
 * `UNUSED_PARTS` first. Dev server and tests run with antd untouched (build only).
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

export interface UnusedPart {
  /** What is dropped, for the messages. */
  feature: string;
  /** The antd module that imports it (path under `antd/es/`). */
  importer: string;
  /** The import specifier in that module. */
  source: string;
  /** Exports of the replaced module that the importer also uses, re-exported from the real module. */
  keep: readonly string[];
  /** A use of the feature in the app's source. */
  use: RegExp;
}

export const UNUSED_PARTS: readonly UnusedPart[] = [
  {
    feature: "Table's column filters",
    importer: 'table/hooks/useFilter/index.js',
    source: './FilterDropdown',
    keep: ['flattenKeys'],
    use: /\b(?:filterDropdown|filters)\s*[:=]/,
  },
  {
    feature: "Card's tabList",
    importer: 'card/Card.js',
    source: '../tabs',
    keep: [],
    use: /\btabList\b/,
  },
];

const PREFIX = '\0cloudbay-antd-unused:';
const normalize = (path: string) => path.replace(/\\/g, '/');

/** The replacement module: the kept exports from the real one, and a default that throws. */
export function replacementCode(part: UnusedPart, realPath: string): string {
  const kept = part.keep.length
    ? `export { ${part.keep.join(', ')} } from ${JSON.stringify(normalize(realPath))};\n`
    : '';
  const message = `${part.feature} are left out of this build (apps/web/build/antd-unused-parts.ts)`;
  return `${kept}export default function UnusedAntdPart() { throw new Error(${JSON.stringify(message)}); }\n`;
}

/** The parts whose feature `code` uses, comments aside; the source files of the app must use none. */
export function usedParts(code: string, parts: readonly UnusedPart[] = UNUSED_PARTS): UnusedPart[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  return parts.filter((part) => part.use.test(withoutComments));
}

export function antdUnusedParts(srcDir: string, parts: readonly UnusedPart[] = UNUSED_PARTS): Plugin {
  const src = `${normalize(srcDir).replace(/\/$/, '')}/`;
  const require = createRequire(import.meta.url);
  return {
    name: 'cloudbay:antd-unused-parts',
    apply: 'build',
    // Before Vite's resolver, which would resolve antd's relative imports first.
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const from = normalize(importer);
      const index = parts.findIndex(
        (part) => part.source === source && from.endsWith(`/node_modules/antd/es/${part.importer}`),
      );
      if (index < 0) return null;
      const real = require.resolve(source, { paths: [from.replace(/\/[^/]*$/, '')] });
      return `${PREFIX}${index}:${normalize(real)}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [index, ...path] = id.slice(PREFIX.length).split(':');
      return replacementCode(parts[Number(index)]!, path.join(':'));
    },
    transform(code, id) {
      const file = normalize(id);
      if (!file.startsWith(src) || /\.test\.tsx?$/.test(file)) return null;
      const used = usedParts(code, parts);
      if (used.length) {
        this.error(
          `${file} uses ${used.map((part) => part.feature).join(', ')}, which build/antd-unused-parts.ts ` +
            'leaves out of the bundle: remove its entry from UNUSED_PARTS',
        );
      }
      return null;
    },
  };
}
