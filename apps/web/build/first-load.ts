/**
 * The console's first load from index.html: the inline loader paints before any stylesheet or
 * script has arrived, and the first page's code downloads alongside the entry instead of after it.
 */
import type { IndexHtmlTransformResult, Plugin } from 'vite';
import {
  FIRST_PAGE_FILES_ID,
  type EntryFiles,
  type FirstPageFiles,
} from '../src/boot/first-page-prefetch.ts';

/** What the build knows of an output chunk (a subset of rolldown's OutputChunk). */
export interface ChunkInfo {
  fileName: string;
  facadeModuleId: string | null;
  imports: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

const STYLESHEET_LINK = /<link rel="stylesheet"([^>]*)>/g;

/** Marks the preloads that `applyPreloadedStyles` (src/app/preloaded-styles.ts) turns into stylesheets. */
export const APPLY_ATTRIBUTE = 'data-apply';

/**
 * Turns the entry's stylesheet links into preloads. As stylesheets in the head they hold back the
 * first paint (of index.html's loader) until antd's CSS (~75 KB gzip) has arrived and been parsed;
 * preloaded, it downloads in parallel with the scripts and main.tsx applies it before the first
 * render. At the end of the body instead, it would follow the pages' stylesheets that Vite adds to
 * the head, and antd's rules would override the app's.
 */
export function preloadStylesheets(html: string): string {
  return html.replace(STYLESHEET_LINK, `<link rel="preload" as="style"$1 ${APPLY_ATTRIBUTE}>`);
}

/**
 * Moves the stylesheet links to the end of the body, for the sign-in pages' HTML: in the head they
 * hold back the first paint of the inline skeleton (which has its own inline styles) until the
 * stylesheet has arrived; at the end of the body Chromium paints what comes before them at once.
 * The form still never renders unstyled: the entry's module script waits for the stylesheets the
 * parser met (HTML: a style sheet that is blocking scripts). A/B at 4× CPU: first paint p50
 * 436 → 356 ms (20 loads each) and 368 → 356 ms (30 loads), usable unchanged. One stylesheet
 * there, so no order of rules changes (the console's index.html has several: `preloadStylesheets`).
 */
export function stylesheetsAfterContent(html: string): string {
  const links: string[] = [];
  const rest = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
    links.push(tag.trim());
    return '';
  });
  if (links.length === 0) return html;
  if (!rest.includes('</body>')) throw new Error('an HTML without </body>');
  return rest.replace('</body>', () => `${links.map((link) => `  ${link}\n`).join('')}  </body>`);
}

const ENTRY_TAGS =
  /[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|preload)"[^>]*>)\n?/g;
const SRC = /\s(?:src|href)="([^"]+)"/;

/**
 * Takes the entry's module script, its module preloads and the stylesheet preloads out of the
 * HTML, for the boot module to add after the loader's first paint (src/boot/first-page-prefetch.ts
 * says why). Fails on an HTML without a module script or with a tag it would not know how to add.
 */
export function takeEntryOut(html: string): { html: string; entry: EntryFiles } {
  const entry: EntryFiles = { script: '', modules: [], styles: [] };
  const rest = html.replace(ENTRY_TAGS, (tag) => {
    const href = SRC.exec(tag)?.[1];
    if (!href) throw new Error(`an entry tag without its file: ${tag.trim()}`);
    if (tag.includes('<script')) {
      if (entry.script) throw new Error('index.html has two module scripts');
      entry.script = href;
    } else if (tag.includes('rel="modulepreload"')) entry.modules.push(href);
    else if (tag.includes('as="style"')) entry.styles.push({ href, apply: tag.includes(APPLY_ATTRIBUTE) });
    else throw new Error(`a preload the boot module cannot add: ${tag.trim()}`);
    return '';
  });
  if (!entry.script) throw new Error('index.html has no module script');
  return { html: rest, entry };
}

/** `start` and every chunk it imports statically, directly or not. */
export function staticClosure(
  chunks: ReadonlyMap<string, Pick<ChunkInfo, 'imports'>>,
  start: readonly string[],
): Set<string> {
  const seen = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...(chunks.get(file)?.imports ?? []));
  }
  return seen;
}

/**
 * The JS and CSS files the lazily loaded `modules` need beyond what the entry chunk `entry` loads
 * itself (Vite preloads that already). Throws when a module has no chunk of its own, so renaming a
 * page cannot silently turn its preload off.
 */
export function preloadsFor(
  chunkList: readonly ChunkInfo[],
  entry: string,
  modules: readonly string[],
): { scripts: string[]; styles: string[] } {
  const chunks = new Map(chunkList.map((chunk) => [chunk.fileName, chunk]));
  const starts = modules.map((module) => {
    const chunk = chunkList.find((candidate) => candidate.facadeModuleId === module);
    if (!chunk) throw new Error(`no chunk of its own for ${module}: nothing to preload`);
    return chunk.fileName;
  });
  const loaded = staticClosure(chunks, [entry]);
  const scripts = [...staticClosure(chunks, starts)].filter((file) => !loaded.has(file)).sort();
  const loadedCss = new Set(
    [...loaded].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]),
  );
  const styles = [
    ...new Set(scripts.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])])),
  ].filter((file) => !loadedCss.has(file));
  return { scripts, styles: styles.sort() };
}

/** The files of the console's first page that the boot module preloads (src/boot/first-page-prefetch.ts). */
export function firstPageFilesOf(
  chunkList: readonly (ChunkInfo & { name: string })[],
  entry: string,
  firstPageModules: readonly string[],
  base: string,
): Omit<FirstPageFiles, 'entry'> {
  const [frameModule, ...pageModules] = firstPageModules;
  if (!frameModule) throw new Error('the console first page needs its frame module');
  const url = (file: string) => `${base}${file}`;
  const frame = preloadsFor(chunkList, entry, [frameModule]).scripts;
  const framed = new Set(frame);
  const page = preloadsFor(chunkList, entry, firstPageModules).scripts.filter((file) => !framed.has(file));
  const strings: Record<string, string[]> = {};
  for (const chunk of chunkList) {
    const locale = /^locales-(.+)-(?:public|console)$/.exec(chunk.name);
    if (locale) (strings[locale[1]!] ??= []).push(url(chunk.fileName));
  }
  for (const files of Object.values(strings)) files.sort();
  const pageFiles = page.map(url);
  return {
    frame: frame.map(url),
    // `/` opens the home too (the router redirects it).
    pages: pageModules.length ? { [HOME_PATH]: pageFiles, '/': pageFiles } : {},
    strings,
  };
}

/** lib/access-rule.ts HOME_PATH (not imported: the config cannot load the contracts it imports; the test checks). */
export const HOME_PATH = '/index';

/**
 * Puts the files the boot module (`bootSrc`) starts (as JSON, which the CSP lets through: it is
 * data, not script) and the boot module's script at the end of the body, after the loader.
 */
export function withBootModule(html: string, bootSrc: string, files: FirstPageFiles): string {
  const json = JSON.stringify(files).replace(/</g, '\\u003c');
  const tags =
    `    <script type="application/json" id="${FIRST_PAGE_FILES_ID}">${json}</script>\n` +
    `    <script type="module" crossorigin src="${bootSrc}"></script>\n`;
  if (!/<\/body>/.test(html)) throw new Error('index.html has no body to put the boot module in');
  return html.replace(/([ \t]*)<\/body>/, (end) => tags + end);
}

/**
 * In the built index.html, only the inline loader and the boot module (`bootModule`, a second entry
 * without imports). The entry's script, module preloads and stylesheets (as preloads the entry
 * applies: preloadStylesheets) and preloads of the stylesheets of `firstPageModules` (the console
 * shell and the home page, which are small) go into the boot module's data; it adds them right
 * after the loader's first frame and, with a stored session, the first page's scripts too, while
 * the entry's files are still arriving and evaluating.
 */
export function consoleFirstLoad(firstPageModules: readonly string[], bootModule: string): Plugin {
  // The console's page only: another HTML entry has no loader and no preloaded-style applier.
  return builtHtmlEdit('cloudbay:console-first-load', '/index.html', (html, { chunkList, entry, base }) => {
    const { styles } = preloadsFor(chunkList, entry, firstPageModules);
    const boot = chunkList.find((chunk) => chunk.facadeModuleId === bootModule);
    if (!boot) throw new Error(`no chunk for the boot module ${bootModule}: is it a build input?`);
    if (boot.imports.length)
      throw new Error(`the boot module must import nothing, it imports ${boot.imports.join(', ')}`);
    const taken = takeEntryOut(preloadStylesheets(html));
    const files: FirstPageFiles = {
      entry: {
        ...taken.entry,
        styles: [...taken.entry.styles, ...styles.map((file) => ({ href: `${base}${file}`, apply: false }))],
      },
      ...firstPageFilesOf(chunkList, entry, firstPageModules, base),
    };
    return withBootModule(taken.html, `${base}${boot.fileName}`, files);
  });
}

/** What a built HTML entry's edit gets to know. */
export interface BuiltHtml {
  /** Every output chunk of the build. */
  chunkList: readonly (ChunkInfo & { name: string })[];
  /** The file of the HTML's entry chunk. */
  entry: string;
  /** The build's public base path (`/`). */
  base: string;
}

/**
 * A build-only plugin that edits the built HTML at `path` (`/index.html`) once its chunks are
 * known, after Vite's own changes. Other HTML files pass unchanged.
 */
export function builtHtmlEdit(
  name: string,
  path: string,
  edit: (html: string, built: BuiltHtml) => IndexHtmlTransformResult,
): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle || !context.chunk || context.path !== path) return html;
        const chunkList = Object.values(context.bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        return edit(html, { chunkList, entry: context.chunk.fileName, base });
      },
    },
  };
}
