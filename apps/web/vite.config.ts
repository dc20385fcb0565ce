import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ModuleInfo } from 'rolldown';
import { defineConfig, type Connect, type Plugin } from 'vite';
// By path: the config is bundled on its own, and workspace packages would stay unresolved .ts imports.
import { authPageOf } from '../../packages/contracts/src/auth-pages.ts';
import { localeChunkName } from './src/locales/groups.ts';
import { antdStyles } from './build/antd-styles.ts';
import { antdZeroRuntime } from './build/antd-zero-runtime.ts';
import { antdUnusedParts } from './build/antd-unused-parts.ts';
import { consoleFirstLoad } from './build/first-load.ts';
import { consolePrefetchList } from './build/console-prefetch.ts';
import { lightEntryGuard } from './build/light-entry-guard.ts';

/** The API server of `npm run dev -w @cloudbay/server`. */
const API_ORIGIN = 'http://127.0.0.1:8080';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/;
/** Below this, a compressed copy saves less than a packet and costs the server a file lookup. */
const PRECOMPRESS_MIN_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? listFiles(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

async function writeCompressedCopies(path: string): Promise<boolean> {
  const source = await readFile(path);
  if (source.length <= PRECOMPRESS_MIN_BYTES) return false;
  const [gz, br] = await Promise.all([
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  ]);
  await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
  return true;
}

/**
 * Writes `.gz` and `.br` siblings of the built text assets, so the server sends files compressed
 * once at maximum quality instead of compressing each response.
 */
function precompress(): Plugin {
  let outDir = '';
  let write = true;
  let log: (message: string) => void = () => undefined;
  return {
    name: 'cloudbay:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      write = config.build.write;
      log = (message) => config.logger.info(message);
    },
    // closeBundle runs once every file, public/ included, is on disk.
    async closeBundle() {
      if (!write || !(await stat(outDir).catch(() => null))) return;
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      const written = (await Promise.all(files.map(writeCompressedCopies))).filter(Boolean).length;
      log(`precompressed ${written} of ${files.length} text assets to .gz and .br`);
    },
  };
}

/** A cycle of chunks that import each other statically, or undefined. */
function findChunkCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const trail: string[] = [];
  const visit = (chunk: string): string[] | undefined => {
    if (state.get(chunk) === 'done') return undefined;
    if (state.get(chunk) === 'visiting') return [...trail.slice(trail.indexOf(chunk)), chunk];
    state.set(chunk, 'visiting');
    trail.push(chunk);
    for (const imported of imports.get(chunk) ?? []) {
      const cycle = visit(imported);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(chunk, 'done');
    return undefined;
  };
  for (const chunk of imports.keys()) {
    const cycle = visit(chunk);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * Fails the build when chunks import each other. ES modules tolerate the cycle, but the chunks'
 * code then runs in an order nobody chose, and antd's modules ran before what they extend (a blank
 * console: "Cannot set properties of undefined (setting 'useModal')"). Better a failed build.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'cloudbay:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') imports.set(output.fileName, output.imports);
      }
      const cycle = findChunkCycle(imports);
      if (cycle) this.error(`chunks import each other: ${cycle.join(' → ')}`);
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };

const CONTRACTS_BARREL = /[\\/]packages[\\/]contracts[\\/]src[\\/](?:core|index)\.ts$/;

/**
 * The chunk name of the modules the auth entry loads statically and another entry (the console or
 * one of its pages) uses too: 'shared', one chunk, so the sign-in pages download the app code they
 * share with the console in one request instead of one per set of pages that share each module.
 * Modules only the auth entry uses stay in its own chunk; vendor groups take theirs first.
 */
function sharedWithAuth(authEntry: string): (id: string, ctx: ModuleGraph) => string | null {
  const memo = { auth: new Map<string, boolean>(), other: new Map<string, boolean>() };
  // Walks importers up to the entries; a module being visited counts as not reaching (cycles).
  const reaches = (kind: 'auth' | 'other', id: string, ctx: ModuleGraph): boolean => {
    const known = memo[kind].get(id);
    if (known !== undefined) return known;
    memo[kind].set(id, false);
    const info = ctx.getModuleInfo(id);
    let result = false;
    if (info) {
      const isRoot = kind === 'auth' ? id === authEntry : info.isEntry && id !== authEntry;
      // The contracts barrel re-exports every constant: its edges would make each contract module
      // look used by the sign-in pages. What they really use, tree-shaking decides.
      const importers =
        kind === 'auth'
          ? info.importers.filter((importer) => !CONTRACTS_BARREL.test(importer))
          : [...info.importers, ...info.dynamicImporters];
      result = isRoot || importers.some((importer) => reaches(kind, importer, ctx));
    }
    memo[kind].set(id, result);
    return result;
  };
  return (id, ctx) => (reaches('auth', id, ctx) && reaches('other', id, ctx) ? 'shared' : null);
}

/** Dev and preview servers answer the sign-in pages with auth.html, as the API server does. */
function authPages(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const [pathname = '', query] = (req.url ?? '').split('?');
    if (authPageOf(pathname)) req.url = `/auth.html${query === undefined ? '' : `?${query}`}`;
    next();
  };
  return {
    name: 'cloudbay:auth-pages',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/** The modules of the console's first page after a sign-in: the shell and the home page. */
const CONSOLE_FIRST_PAGE = ['src/app/shell/shell-layout.tsx', 'src/features/home/pages/home-page.tsx'].map(
  (path) => fileURLToPath(new URL(path, import.meta.url)),
);

export default defineConfig({
  // Pinned so `vite` behaves the same from the repo root and from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    authPages(),
    antdStyles(
      fileURLToPath(new URL('src', import.meta.url)),
      fileURLToPath(new URL('src/app/theme.ts', import.meta.url)),
    ),
    antdZeroRuntime(),
    antdUnusedParts(fileURLToPath(new URL('src', import.meta.url))),
    // The console's first page: its shell and the home page, the page a sign-in lands on. index.html
    // preloads them; auth.html lists them for the sign-in pages to prefetch while the visitor types.
    consoleFirstLoad(CONSOLE_FIRST_PAGE),
    consolePrefetchList({
      entryHtml: 'index.html',
      authHtml: 'auth.html',
      firstPageModules: CONSOLE_FIRST_PAGE,
    }),
    noChunkCycles(),
    lightEntryGuard(),
    precompress(),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    // `vite preview` reuses this proxy.
    proxy: { '/api': { target: API_ORIGIN } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each page's first load needs, read by `npm run bench:web`
    // (bench/lib/first-load.ts); the app itself never reads it.
    manifest: true,
    // Every browser the console supports preloads modules natively: the polyfill would only add
    // bytes to both entries, and the sign-in pages' budget is 100 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // rc-component's and these @ant-design packages declare no `sideEffects`, so unused modules
        // reached through a barrel stayed in: antd's ConfigProvider imports FormProvider from
        // @rc-component/form, and the whole form engine and its validator rode in the console's entry
        // (entry 254 → 237 KB gzip). Their modules only define components and helpers, as antd's do
        // (antd declares `"sideEffects": ["*.css"]`).
        moduleSideEffects: [
          {
            test: /[\\/]node_modules[\\/](?:@rc-component|@ant-design[\\/](?:colors|cssinjs|cssinjs-utils|fast-color))[\\/]/,
            sideEffects: false,
          },
        ],
      },
      // Two entries: the console (index.html) and the light sign-in pages (auth.html, src/auth).
      input: { index: 'index.html', auth: 'auth.html' },
      output: {
        // entriesAware names a chunk after every page that shares it; with many console pages that
        // name outgrows file-name limits, so long names fall back to the group name.
        chunkFileNames: (chunk) =>
          `assets/${chunk.name.length > 48 ? chunk.name.split('~')[0] : chunk.name}-[hash].js`,
        codeSplitting: {
          groups: [
            // Locale files: one chunk per language and group (public, console), so the first screen
            // downloads only its language's public strings, in one request (src/locales/groups.ts).
            { name: localeChunkName, debugName: 'locales', priority: 40 },
            // Needed by every page and upgraded rarely: long-cached chunks of their own.
            // Split by who needs them: the auth entry downloads react and i18n only, the console all four.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/,
              priority: 30,
            },
            {
              name: 'i18n',
              test: /[\\/]node_modules[\\/](?:i18next[\\/]|use-sync-external-store[\\/]|react-i18next[\\/](?!dist[\\/]es[\\/]Trans))/,
              priority: 25,
            },
            // <Trans> and its HTML parser: only console pages use it, the sign-in pages skip its bytes.
            {
              name: 'i18n-trans',
              test: /[\\/]node_modules[\\/](?:html-parse-stringify|void-elements|react-i18next[\\/]dist[\\/]es[\\/]Trans)/,
              priority: 24,
            },
            {
              name: 'router',
              test: /[\\/]node_modules[\\/](?:react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 22,
            },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // What the sign-in pages share with the console, in one chunk.
            {
              name: sharedWithAuth(resolve(fileURLToPath(new URL('.', import.meta.url)), 'auth.html')),
              debugName: 'shared',
              test: /^(?![^\0]*[\\/]node_modules[\\/])/,
              priority: 18,
            },
            // Charts (components/echarts.ts): only the pages that chart something load it, and as a
            // chunk of its own it stays cached when their code changes.
            { name: 'echarts', test: /[\\/]node_modules[\\/](?:echarts|zrender)[\\/]/, priority: 15 },
            // antd is large and each page uses a different part of it: group its modules by the set
            // of pages that use them, so a public page never downloads the console's tables and forms.
            {
              name: 'antd',
              test: /[\\/]node_modules[\\/](?:antd|@ant-design|@rc-component|@emotion|stylis|throttle-debounce|is-mobile|react-is|dayjs|@babel[\\/]runtime|clsx)[\\/]/,
              priority: 10,
              entriesAware: true,
              // No merging of small page-set groups. Rolldown folds a small group into its "closest"
              // neighbour even when that neighbour serves other pages, so the pages of the small one
              // download the neighbour too. Once the dialogs, drawers and pickers became lazy parts
              // (lib/lazy-part.tsx), each of them an entry of its own, a 10 KB threshold folded the
              // tables', selects' and date pickers' groups into chunks the shell loads: the frame
              // grew 323 → 437 KB gzip. Any threshold from 1 KB up cost the frame 20 KB or more; 0
              // gives every page only what it uses, in more and smaller files (the home page 71
              // scripts, 54 before; bytes over requests: issue 15's goal is 350 KB per page). With
              // merging off no chunk cycle can form, but noChunkCycles stays on guard.
              entriesAwareMergeThreshold: 0,
            },
          ],
        },
      },
    },
  },
});
