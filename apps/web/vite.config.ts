/**
 * The console's build (index.html). The sign-in pages are a second build on Preact,
 * vite.auth.config.ts, run after this one (`npm run build`): see docs/architecture.md "Two entries".
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeChunkName } from './src/locales/groups.ts';
import { antdStyles } from './build/antd-styles.ts';
import { antdZeroRuntime } from './build/antd-zero-runtime.ts';
import { authPages } from './build/auth-pages.ts';
import { antdUnusedParts } from './build/antd-unused-parts.ts';
import { antdIcons } from './build/antd-icons.ts';
import { consoleFirstLoad } from './build/first-load.ts';
import { noChunkCycles } from './build/chunk-cycles.ts';
import { pageBudget } from './build/page-budget.ts';
import { CONSOLE_BOOT_MODULE, CONSOLE_FIRST_PAGE_MODULES } from './build/entries.ts';
import { precompress } from './build/precompress.ts';
import { emptyChunkPlans, entryChunkPlan, isPlanPass, readChunkPlans } from './build/entry-chunk-plan.ts';

/** The API server of `npm run dev -w @cloudbay/server`. */
const API_ORIGIN = 'http://127.0.0.1:8080';

const CONSOLE_FIRST_PAGE = CONSOLE_FIRST_PAGE_MODULES.map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);
const CONSOLE_BOOT = fileURLToPath(new URL(CONSOLE_BOOT_MODULE, import.meta.url));

/** antd and the packages that travel with it (the `antd` chunk group below). */
const ANTD_MODULES =
  /[\\/]node_modules[\\/](?:antd|@ant-design|@rc-component|@emotion|stylis|throttle-debounce|is-mobile|react-is|dayjs|@babel[\\/]runtime|clsx)[\\/]/;
/** The antd and app modules the entry, the frame and the home load, noted by `npm run build`'s first pass (build/entry-chunk-plan.ts). */
const CHUNK_PLAN_FILE = fileURLToPath(new URL('.cache/chunk-plan.json', import.meta.url));
const { antd: chunkPlan, app: appPlan } = isPlanPass() ? emptyChunkPlans() : readChunkPlans(CHUNK_PLAN_FILE);
/**
 * The app's own modules (`app-*` groups): not the strings (their own groups), the boot module, nor
 * the module index.html runs (it stays the entry chunk's, which then imports `app-entry`).
 */
const CONSOLE_MAIN = fileURLToPath(new URL('src/main.tsx', import.meta.url));
const APP_MODULES = /[\\/]apps[\\/]web[\\/]src[\\/](?!locales[\\/]|boot[\\/])/;
const isAppModule = (id: string) => APP_MODULES.test(id) && id !== CONSOLE_MAIN;

export default defineConfig({
  // Pinned so `vite` behaves the same from the repo root and from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // The sign-in pages: their own build's dev server inside this one (Preact), or dist/auth.html.
    authPages(fileURLToPath(new URL('vite.auth.config.ts', import.meta.url))),
    antdStyles(
      fileURLToPath(new URL('src', import.meta.url)),
      fileURLToPath(new URL('src/app/theme.ts', import.meta.url)),
    ),
    antdZeroRuntime(),
    antdUnusedParts(fileURLToPath(new URL('src', import.meta.url))),
    antdIcons(fileURLToPath(new URL('src/lib/antd-icon.ts', import.meta.url))),
    // The console's first page: its shell and the home page, the page a sign-in lands on. index.html
    // preloads their styles; the auth build lists them (from this build's manifest) for the sign-in
    // pages to prefetch while the visitor types.
    consoleFirstLoad(CONSOLE_FIRST_PAGE, CONSOLE_BOOT),
    entryChunkPlan(CHUNK_PLAN_FILE, 'index', CONSOLE_FIRST_PAGE[0]!, CONSOLE_FIRST_PAGE[1]!, {
      antd: { test: (id) => ANTD_MODULES.test(id) },
      app: { test: isAppModule, withEntryChunk: true },
    }),
    noChunkCycles(),
    // No console page's first load above 350 KB gzip (issue 15): the build fails otherwise.
    pageBudget(fileURLToPath(new URL('.', import.meta.url))),
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
    // dist/.vite/manifest.json: what each page's first load needs, read by the auth build (the
    // console files its pages prefetch) and by `npm run bench:web` (bench/lib/first-load.ts); the
    // app itself never reads it.
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
      // The console only: the sign-in pages (auth.html) are vite.auth.config.ts's build.
      input: { index: 'index.html', boot: CONSOLE_BOOT },
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
            // <Trans> and its HTML parser: only some console pages use it.
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
            // The query chunk loads with the entry: useQueries (one page's many queries) stays with
            // the pages that use it, else every page downloads it.
            {
              name: 'query',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](?!.*[\\/](?:useQueries|queriesObserver)\.js$)/,
              priority: 20,
            },
            // Charts (components/echarts.ts): only the pages that chart something load it, and as a
            // chunk of its own it stays cached when their code changes.
            { name: 'echarts', test: /[\\/]node_modules[\\/](?:echarts|zrender)[\\/]/, priority: 15 },
            // The antd code every page loads (the entry's): one file instead of ~40 (entry-chunk-plan.ts).
            // Their dependencies come along (rolldown's default): without them the group's chunk and
            // the chunks of those dependencies import each other. That moves ~5 KB gzip of antd's
            // form engine and trigger into the entry, which the console's first page loads anyway.
            { name: 'antd-entry', test: (id: string) => chunkPlan.entry.has(id), priority: 13 },
            // The same for the antd code the console's frame (the shell) adds: every signed-in page
            // loads it, so one file instead of ~40 (at 4× CPU, /index usable ~15 % sooner).
            { name: 'antd-frame', test: (id: string) => chunkPlan.frame.has(id), priority: 12 },
            // And for the home, where every sign-in lands: ~8 files → 1, while the other pages that
            // share some of its antd code load all of it (a few KB gzip).
            { name: 'antd-home', test: (id: string) => chunkPlan.home.has(id), priority: 11 },
            // The same three for the app's own modules (entry-chunk-plan.ts): the shell's and the
            // home's ~20 small shared chunks become two. The entry's group takes the entry chunk's
            // modules too, so the frame's and home's groups cannot pull them along.
            { name: 'app-entry', test: (id: string) => appPlan.entry.has(id), priority: 9 },
            { name: 'app-frame', test: (id: string) => appPlan.frame.has(id), priority: 8 },
            { name: 'app-home', test: (id: string) => appPlan.home.has(id), priority: 7 },
            // antd is large and each page uses a different part of it: group its modules by the set
            // of pages that use them, so a public page never downloads the console's tables and forms.
            {
              name: 'antd',
              test: ANTD_MODULES,
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
