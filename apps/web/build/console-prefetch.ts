/**
 * The console's first-load files, written into the auth pages' HTML so that they can fetch them
 * into the HTTP cache while the visitor types (src/auth/console-prefetch.ts): the console then
 * starts after the login from cache instead of the network.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { CONSOLE_ASSETS_ELEMENT_ID, type ConsoleAssets } from '../src/auth/console-assets.ts';

export interface ConsoleAssetsOptions {
  /** The console's HTML entry (its chunk's facade module ends with this). */
  entryHtml: string;
  /** Modules the first page loads lazily after the entry ran (the shell, the home page). */
  firstPageModules: readonly string[];
}

const LOCALE_CHUNK = /^locales-(.+)-console$/;

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
}

/** Files of `roots` and of every chunk they import statically, with their CSS, in load order. */
function staticClosure(bundle: OutputBundle, roots: readonly OutputChunk[]): string[] {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  roots.forEach(visit);
  return [...files];
}

export function consoleFirstLoadAssets(bundle: OutputBundle, options: ConsoleAssetsOptions): ConsoleAssets {
  const chunks = chunksOf(bundle);
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(options.entryHtml));
  if (!entry) throw new Error(`console-prefetch: no entry chunk for ${options.entryHtml}`);
  const firstPage = options.firstPageModules.map((module) => {
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
    if (!chunk) throw new Error(`console-prefetch: no chunk contains ${module}`);
    return chunk;
  });
  const locales: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const language = LOCALE_CHUNK.exec(chunk.name)?.[1];
    if (language) locales[language] = staticClosure(bundle, [chunk]).map((file) => `/${file}`);
  }
  const files = staticClosure(bundle, [entry, ...firstPage]).map((file) => `/${file}`);
  return { files, locales };
}

/**
 * Writes the console's first-load files into `html` (the auth pages' HTML) as a JSON script
 * element. Build only: in development every module is served on demand, there is nothing to list.
 */
export function consolePrefetchList(html: string, options: ConsoleAssetsOptions): Plugin {
  return {
    name: 'cloudbay:console-prefetch-list',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_source, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith(html)) return undefined;
        const assets = consoleFirstLoadAssets(ctx.bundle, options);
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: CONSOLE_ASSETS_ELEMENT_ID },
            // JSON of file names only: nothing in it can close the script element.
            children: JSON.stringify(assets),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
