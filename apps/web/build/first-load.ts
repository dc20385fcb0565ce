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

const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Moves the head's stylesheet links to the end of the body. In the head they hold back the first
 * paint until the CSS (antd's styles, ~75 KB gzip) has arrived; at the end of the body the loader
 * above them paints at once, while they still load before the entry script runs (a module script
 * waits for the stylesheets the parser met), so the app never renders unstyled.
 */
export function moveStylesheetsToBody(html: string): string {
  const links = html.match(STYLESHEET_LINK) ?? [];
  if (links.length === 0) return html;
  return html
    .replace(STYLESHEET_LINK, '')
    .replace(/([ \t]*)<\/body>/, (_end, indent: string) =>
      [...links.map((link) => `${indent}  ${link.trim()}\n`), `${indent}</body>`].join(''),
    );
}

/** `start` and every chunk it imports statically, directly or not. */
function staticClosure(chunks: ReadonlyMap<string, ChunkInfo>, start: readonly string[]): Set<string> {
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
 * In the built index.html: stylesheets after the loader (moveStylesheetsToBody), and preloads of the
 * chunks of `firstPageModules` (the console shell and the home page). The router asks for those only
 * once the entry has run and the guard's GET /getInfo and /getRouters have answered; preloaded, they
 * arrive with the entry. An anonymous visitor at a deep link downloads them too, for the console they
 * are on their way to (the login page prefetches the same code).
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
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const chunkList = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const { scripts, styles } = preloadsFor(chunkList, chunk.fileName, firstPageModules);
        const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { ...attrs, crossorigin: true },
          injectTo: 'head',
        });
        return {
          html: moveStylesheetsToBody(html),
          tags: [
            ...scripts.map((file) => link({ rel: 'modulepreload', href: `${base}${file}` })),
            ...styles.map((file) => link({ rel: 'preload', as: 'style', href: `${base}${file}` })),
          ],
        };
      },
    },
  };
}
