/**
 * Module preloads of the sign-in pages' strings in auth.html. The page renders once the running
 * language's public strings are there (src/auth/public-strings.ts); they are a chunk the entry
 * imports dynamically, so without a preload their request leaves only after the entry's 100 KB
 * have been parsed and run: a round trip in the first render's path. The language is only known
 * to the page's script (local storage `lang`), and the CSP allows no inline script to choose, so
 * both languages are preloaded: about 3 KB gzip more, arriving alongside the entry.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { builtHtmlEdit, staticClosure, type ChunkInfo } from './first-load.ts';

const PUBLIC_LOCALE_CHUNK = /^locales-.+-public$/;

/** The files of the public locale chunks and what they import, in a stable order. */
export function publicStringFiles(chunkList: readonly (ChunkInfo & { name: string })[]): string[] {
  const chunks = new Map(chunkList.map((chunk) => [chunk.fileName, chunk]));
  const locales = chunkList.filter((chunk) => PUBLIC_LOCALE_CHUNK.test(chunk.name)).map((c) => c.fileName);
  return [...staticClosure(chunks, locales)].sort();
}

/** `path`: the sign-in pages' HTML as the build knows it (`/auth.html`). */
export function publicStringsPreload(path: string): Plugin {
  return builtHtmlEdit('cloudbay:public-strings-preload', path, (html, { chunkList, base }) => ({
    html,
    tags: publicStringFiles(chunkList).map((file): HtmlTagDescriptor => ({
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
      injectTo: 'head',
    })),
  }));
}
