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
 * Table's pager goes the other way: antd's Table imports antd's Pagination, and with it the Select of
 * its size changer (rc-select and its virtual list, about 23 KB), which most tables never show (the
 * lists page with `components/pagination.tsx`, `pagination={false}` on the Table). It is deferred:
 * the replacement renders the real Pagination through `React.lazy`, holding its place meanwhile, so a
 * table that pages shows its pager a moment after its rows and every other table never loads it.
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
  /** A use of the feature in the app's source, which the build refuses; none for a deferred part. */
  use?: RegExp;
  /** A replacement of our own: the module's code, for an import of a few lines that drags much more in. */
  code?: string;
  /**
   * A deferred part: the source of a function of the props returning what holds its place while the
   * real one downloads (`h` is React's createElement). Without it the part is dropped and throws.
   */
  placeholder?: string;
}

// antd's isBright (color-picker/components/ColorPresets.js, antd 6), for the two style modules below.
const IS_BRIGHT = `import { Color as RcColor } from '@rc-component/color-picker';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
`;

// A Typography's `editable` prop (`editable`, `editable={…}`, `editable: …`).
const EDITABLE = /\beditable(?:\s*[:=]|\s*(?=[\n/>]))/;

export const UNUSED_PARTS: readonly UnusedPart[] = [
  {
    feature: "Table's column filters",
    importer: 'table/hooks/useFilter/index.js',
    source: './FilterDropdown',
    keep: ['flattenKeys'],
    use: /\b(?:filterDropdown|filters)\s*[:=]/,
  },
  {
    feature: "Table's virtual scrolling",
    importer: 'table/InternalTable.js',
    source: './RcTable/VirtualTable',
    keep: [],
    use: /\bvirtual(?:\s*=\s*\{\s*true\s*\}|\s*:\s*true|\s*(?=[\n/>]))/,
  },
  {
    // Radio.Group imports one helper from antd's form hooks, whose module imports the whole form
    // engine (rc-field-form's useForm): every page with a radio or a selectable table got it.
    feature: "Radio.Group's form helper",
    importer: 'radio/group.js',
    source: '../form/hooks/useForm',
    keep: [],
    code:
      'export function toNamePathStr(name) {\n' +
      "  return (name === undefined || name === false ? [] : Array.isArray(name) ? name : [name]).join('_');\n}\n",
  },
  // Button's and Tag's component tokens take one helper from the colour picker's presets panel, whose
  // module imports antd's Collapse: the collapse rode in every page's first load (the frame's too).
  ...['button/style/token.js', 'tag/style/index.js'].map((importer) => ({
    feature: "the colour picker's isBright",
    importer,
    source: '../../color-picker/components/ColorPresets',
    keep: [],
    code: IS_BRIGHT,
  })),
  {
    feature: "Card's tabList",
    importer: 'card/Card.js',
    source: '../tabs',
    keep: [],
    use: /\btabList\b/,
  },
  {
    // Typography's in-place editing imports antd's TextArea (rc-input, rc-textarea, the input styles,
    // about 5 KB gzip) and its edit icon: every page with a Typography.Text got them, and no page
    // edits text in place.
    feature: "Typography's editable",
    importer: 'typography/Base/index.js',
    source: '../Editable',
    keep: [],
    use: EDITABLE,
  },
  {
    feature: "Typography's edit icon",
    importer: 'typography/Base/index.js',
    source: '@ant-design/icons/es/icons/EditOutlined',
    keep: [],
    use: EDITABLE,
  },
  {
    // Its copy button (CopyBtn with three icons): the console copies with CopyableCode instead.
    feature: "Typography's copyable",
    importer: 'typography/Base/index.js',
    source: './CopyBtn',
    keep: [],
    use: /\bcopyable(?:\s*[:=]|\s*(?=[\n/>]))/,
  },
  // Attached to their parent as statics (`Badge.Ribbon`, `Tag.CheckableTag`), so every Badge (the
  // navbar's bell) and Tag (the tags bar) carried them into the frame; the console uses neither.
  {
    feature: "Badge's Ribbon",
    importer: 'badge/index.js',
    source: './Ribbon',
    keep: [],
    use: /\bBadge\.Ribbon\b/,
  },
  ...['./CheckableTag', './CheckableTagGroup'].map((source) => ({
    feature: "Tag's checkable tags",
    importer: 'tag/index.js',
    source,
    keep: [],
    use: /\bCheckableTag/,
  })),
  {
    feature: "Table's pager",
    importer: 'table/InternalTable.js',
    source: '../pagination',
    keep: [],
    // The pager's own box (the Table's className gives its margins); nothing where it would hide itself.
    placeholder:
      '(p) => p.hideOnSinglePage && (p.total ?? 0) <= (p.pageSize ?? p.defaultPageSize ?? 10) ? null : ' +
      "h('div', { className: p.className, style: { height: p.size === 'small' ? 24 : 32 } })",
  },
];

const PREFIX = '\0cloudbay-antd-unused:';
const normalize = (path: string) => path.replace(/\\/g, '/');

/**
 * The replacement module: the kept exports from the real one, and a default that throws (a dropped
 * part) or renders the real one once downloaded (a deferred part).
 */
export function replacementCode(part: UnusedPart, realPath: string): string {
  const real = JSON.stringify(normalize(realPath));
  const kept = part.keep.length ? `export { ${part.keep.join(', ')} } from ${real};\n` : '';
  if (part.code) return part.code;
  if (part.placeholder) {
    return (
      `${kept}import { createElement as h, lazy, Suspense } from 'react';\n` +
      `const Real = lazy(() => import(${real}));\n` +
      `const placeholder = ${part.placeholder};\n` +
      'export default function DeferredAntdPart(props) {\n' +
      '  return h(Suspense, { fallback: placeholder(props) }, h(Real, props));\n}\n'
    );
  }
  const message = `${part.feature} are left out of this build (apps/web/build/antd-unused-parts.ts)`;
  return `${kept}export default function UnusedAntdPart() { throw new Error(${JSON.stringify(message)}); }\n`;
}

/** The parts whose feature `code` uses, comments aside; the source files of the app must use none. */
export function usedParts(code: string, parts: readonly UnusedPart[] = UNUSED_PARTS): UnusedPart[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  return parts.filter((part) => part.use?.test(withoutComments));
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
