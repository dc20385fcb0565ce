/**
 * The sign-in pages' build (auth.html → src/auth: /login, /register, /forget) on Preact
 * (preact/compat stands in for React, ~40 KB gzip less than React DOM), into the same dist/ as the
 * console's build (vite.config.ts), which runs first: this one reads the console's manifest for the
 * files the sign-in pages prefetch. `npm run build` runs both. See docs/architecture.md "Two entries".
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeChunkName } from './src/locales/groups.ts';
import { noChunkCycles } from './build/chunk-cycles.ts';
import { consolePrefetchList } from './build/console-prefetch.ts';
import {
  AUTH_MANIFEST,
  CONSOLE_FIRST_PAGE_MODULES,
  CONSOLE_MANIFEST,
  LITE_I18N_ALIASES,
  PREACT_ALIASES,
} from './build/entries.ts';
import { builtHtmlEdit, stylesheetsAfterContent } from './build/first-load.ts';
import { lightEntryGuard } from './build/light-entry-guard.ts';
import { precompress } from './build/precompress.ts';
import { publicStringsPreload } from './build/public-strings-preload.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Its dev server runs inside the console's (build/auth-pages.ts), with dependencies pre-bundled
  // on Preact: a cache apart from the console's React ones.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite-auth', import.meta.url)),
  plugins: [
    // The JSX transform only; its imports of react/jsx-runtime resolve to Preact's. React Fast
    // Refresh cannot drive Preact: in development an edit reloads the sign-in page instead.
    react({ refreshExclude: /./ }),
    consolePrefetchList({
      authHtml: 'auth.html',
      consoleManifest: CONSOLE_MANIFEST,
      entryHtml: 'index.html',
      firstPageModules: CONSOLE_FIRST_PAGE_MODULES,
    }),
    // The strings the first render waits for, requested with the entry instead of after it ran.
    publicStringsPreload('/auth.html'),
    // The stylesheet after the skeleton, so the skeleton paints before it arrives.
    builtHtmlEdit('cloudbay:stylesheets-after-content', '/auth.html', stylesheetsAfterContent),
    noChunkCycles(),
    lightEntryGuard(),
    // Only this build's files: the console's build compressed its own and public/.
    precompress('bundle'),
  ],
  resolve: {
    alias: [
      ...PREACT_ALIASES,
      ...LITE_I18N_ALIASES,
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    // The console's build is in dist/ already.
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: AUTH_MANIFEST,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { auth: 'auth.html' },
      output: {
        codeSplitting: {
          // One chunk per language of the public strings (src/locales/groups.ts); the rest of the
          // first load is the entry's one chunk (fewer requests, a shorter chain).
          groups: [{ name: localeChunkName, debugName: 'locales', priority: 40 }],
        },
      },
    },
  },
});
