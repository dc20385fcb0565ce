/**
 * The console's first load from index.html: the inline loader paints before any stylesheet or
 * script has arrived, and the first page's code downloads alongside the entry instead of after it.
 */
import type { HtmlTagDescriptor, IndexHtmlTransformResult, Plugin } from 'vite';

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

const ENTRY_SCRIPTS = /[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n?/g;

/**
 * Moves the entry's module script and module preloads from the head to the end of the body, after
 * the loader. At 4× CPU, creating three dozen preload elements took the HTML parser's first slice:
 * it yielded in the head, the browser painted a frame without the body, and the loader painted only
 * a frame later, after the first chunks' compile tasks (FCP ~630 instead of ~400 ms on a loaded
 * machine). The requests still start as the HTML arrives (the preload scanner reads ahead), and a
 * module script runs after parsing wherever it stands.
 */
export function scriptsAfterLoader(html: string): string {
  const tags = html.match(ENTRY_SCRIPTS) ?? [];
  if (!tags.length) return html;
  const moved = tags.map((tag) => `    ${tag.trim()}\n`).join('');
  return html.replace(ENTRY_SCRIPTS, '').replace(/([ \t]*)<\/body>/, `${moved}$1</body>`);
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

/**
 * In the built index.html: the entry's stylesheets preloaded (preloadStylesheets), and preloads of the
 * stylesheets of `firstPageModules` (the console shell and the home page), which are small. Their
 * scripts are not preloaded here: dozens of module preloads arriving with the HTML held the loader's
 * first paint back (466 → 322 ms at 4× CPU); the entry starts them instead, as soon as it runs with
 * a stored session (`prefetchFirstPage` in app/router.tsx), still before the guard has answered.
 */
export function consoleFirstLoad(firstPageModules: readonly string[]): Plugin {
  // The console's page only: another HTML entry has no loader and no preloaded-style applier.
  return builtHtmlEdit('cloudbay:console-first-load', '/index.html', (html, { chunkList, entry, base }) => {
    const { styles } = preloadsFor(chunkList, entry, firstPageModules);
    return {
      html: scriptsAfterLoader(preloadStylesheets(html)),
      tags: styles.map((file): HtmlTagDescriptor => ({
        tag: 'link',
        attrs: { rel: 'preload', as: 'style', href: `${base}${file}`, crossorigin: true },
        injectTo: 'head',
      })),
    };
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
