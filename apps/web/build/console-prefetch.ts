/**
 * The console's first-load files, written into the sign-in pages' HTML so that they can fetch them
 * into the HTTP cache while the visitor types (src/auth/console-prefetch.ts): the console then
 * starts after the login from cache instead of the network. The sign-in pages are a build of their
 * own (vite.auth.config.ts, after the console's), so the list comes from the console build's
 * manifest (dist/.vite/manifest.json).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { CONSOLE_ASSETS_ELEMENT_ID, type ConsoleAssets } from '../src/auth/console-assets.ts';
import { staticClosure } from './first-load.ts';

/** One chunk of Vite's build manifest, as far as this module reads it. */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  /** Manifest keys of the chunks it imports statically. */
  imports?: readonly string[];
  /** Its stylesheets (files). */
  css?: readonly string[];
}

/** Keys: a source path relative to the web root (`index.html`, `src/app/shell/shell-layout.tsx`) or `_<file>`. */
export type Manifest = Readonly<Record<string, ManifestChunk>>;

export interface ConsoleAssetsOptions {
  /** The console's HTML entry, as the manifest keys it (`index.html`). */
  entryHtml: string;
  /** Modules the first page loads lazily after the entry ran (the shell, the home page), relative to the web root. */
  firstPageModules: readonly string[];
}

/** The console's strings, public and console group, per language (src/locales/groups.ts). */
const LOCALE_CHUNK = /^locales-(.+)-(?:public|console)$/;

/** The files of the chunks in `start`'s static closure, each followed by its CSS, as URLs. */
function filesOf(manifest: Manifest, start: readonly string[]): string[] {
  const chunks = new Map(
    Object.entries(manifest).map(([key, chunk]) => [key, { imports: chunk.imports ?? [] }]),
  );
  const files = new Set<string>();
  for (const key of staticClosure(chunks, start)) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`console-prefetch: the manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files].map((file) => `/${file}`);
}

export function consoleFirstLoadAssets(manifest: Manifest, options: ConsoleAssetsOptions): ConsoleAssets {
  if (!manifest[options.entryHtml]?.isEntry) {
    throw new Error(`console-prefetch: no entry chunk for ${options.entryHtml}`);
  }
  for (const module of options.firstPageModules) {
    if (!manifest[module]) throw new Error(`console-prefetch: no chunk contains ${module}`);
  }
  // The console's own public strings too: the sign-in pages' build has its own copy of them.
  const locales: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const language = LOCALE_CHUNK.exec(chunk.name ?? '')?.[1];
    if (language) locales[language] = [...(locales[language] ?? []), ...filesOf(manifest, [key])];
  }
  const files = filesOf(manifest, [options.entryHtml, ...options.firstPageModules]);
  // A locale chunk's imports (the runtime) are in `files` already.
  for (const [language, urls] of Object.entries(locales)) {
    locales[language] = [...new Set(urls)].filter((url) => !files.includes(url));
  }
  return { files, locales };
}

/**
 * Writes the console's first-load files into `authHtml` (the sign-in pages' HTML) as a JSON script
 * element, from the console build's manifest (`consoleManifest`, relative to the output directory).
 * Build only: in development every module is served on demand, there is nothing to list.
 */
export function consolePrefetchList(
  options: ConsoleAssetsOptions & { authHtml: string; consoleManifest: string },
): Plugin {
  let manifestFile = '';
  return {
    name: 'cloudbay:console-prefetch-list',
    apply: 'build',
    configResolved(config) {
      manifestFile = join(resolve(config.root, config.build.outDir), options.consoleManifest);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, { filename }) {
        if (!filename.endsWith(options.authHtml)) return undefined;
        const text = await readFile(manifestFile, 'utf8').catch(() => {
          throw new Error(
            `console-prefetch: ${manifestFile} is missing; build the console first (npm run build)`,
          );
        });
        const assets = consoleFirstLoadAssets(JSON.parse(text) as Manifest, options);
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
