/**
 * The console's first-load files, written into the sign-in pages' HTML so that they can fetch them
 * into the HTTP cache while the visitor types (src/auth/console-prefetch.ts): the console then
 * starts after the login from cache instead of the network.
 */
import type { Plugin } from 'vite';
import { CONSOLE_ASSETS_ELEMENT_ID, type ConsoleAssets } from '../src/auth/console-assets.ts';
import { staticClosure, type ChunkInfo } from './first-load.ts';

export interface ConsoleAssetsOptions {
  /** The console's HTML entry (its chunk's facade module ends with this). */
  entryHtml: string;
  /** Modules the first page loads lazily after the entry ran (the shell, the home page). */
  firstPageModules: readonly string[];
}

/** An output chunk as far as this module reads it. */
export interface NamedChunkInfo extends ChunkInfo {
  name: string;
  isEntry: boolean;
  moduleIds: readonly string[];
}

const LOCALE_CHUNK = /^locales-(.+)-console$/;

/** The files of the chunks in `start`'s static closure, each followed by its CSS, as URLs. */
function filesOf(chunks: ReadonlyMap<string, ChunkInfo>, start: readonly string[]): string[] {
  const files = new Set<string>();
  for (const file of staticClosure(chunks, start)) {
    files.add(file);
    for (const css of chunks.get(file)?.viteMetadata?.importedCss ?? []) files.add(css);
  }
  return [...files].map((file) => `/${file}`);
}

export function consoleFirstLoadAssets(
  chunkList: readonly NamedChunkInfo[],
  options: ConsoleAssetsOptions,
): ConsoleAssets {
  const chunks = new Map(chunkList.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunkList.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(options.entryHtml));
  if (!entry) throw new Error(`console-prefetch: no entry chunk for ${options.entryHtml}`);
  const firstPage = options.firstPageModules.map((module) => {
    const chunk = chunkList.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
    if (!chunk) throw new Error(`console-prefetch: no chunk contains ${module}`);
    return chunk.fileName;
  });
  const locales: Record<string, string[]> = {};
  for (const chunk of chunkList) {
    const language = LOCALE_CHUNK.exec(chunk.name)?.[1];
    if (language) locales[language] = filesOf(chunks, [chunk.fileName]);
  }
  return { files: filesOf(chunks, [entry.fileName, ...firstPage]), locales };
}

/**
 * Writes the console's first-load files into `authHtml` (the sign-in pages' HTML) as a JSON script
 * element. Build only: in development every module is served on demand, there is nothing to list.
 */
export function consolePrefetchList(options: ConsoleAssetsOptions & { authHtml: string }): Plugin {
  return {
    name: 'cloudbay:console-prefetch-list',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, filename }) {
        if (!bundle || !filename.endsWith(options.authHtml)) return undefined;
        const chunkList = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const assets = consoleFirstLoadAssets(chunkList, options);
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
