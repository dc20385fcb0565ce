/**
 * The console's first load from index.html: the inline loader paints before any stylesheet or
 * script has arrived, and the first page's code downloads alongside the entry instead of after it.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

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
  let base = '/';
  return {
    name: 'cloudbay:console-first-load',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk, path }) {
        // The console's page only: another HTML entry has no loader and no preloaded-style applier.
        if (!bundle || !chunk || path !== '/index.html') return html;
        const chunkList = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const { styles } = preloadsFor(chunkList, chunk.fileName, firstPageModules);
        const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { ...attrs, crossorigin: true },
          injectTo: 'head',
        });
        return {
          html: preloadStylesheets(html),
          tags: styles.map((file) => link({ rel: 'preload', as: 'style', href: `${base}${file}` })),
        };
      },
    },
  };
}
