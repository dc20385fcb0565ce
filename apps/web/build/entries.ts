/**
 * The web app's two builds (docs/architecture.md "Two entries"): the console (vite.config.ts,
 * index.html, React) and then the sign-in pages (vite.auth.config.ts, auth.html, Preact), both into
 * dist/. What both configs and `npm run bench:web` need to agree on.
 */
import { fileURLToPath } from 'node:url';

/** The console build's manifest, relative to dist/: the auth build reads it for its prefetch list. */
export const CONSOLE_MANIFEST = '.vite/manifest.json';
/** The auth build's manifest, relative to dist/ (bench:web weighs the sign-in entry from it). */
export const AUTH_MANIFEST = '.vite/auth-manifest.json';

/**
 * The modules of the console's first page after a sign-in, relative to the web root: the shell and
 * the home page. index.html preloads their styles; the sign-in pages prefetch their files.
 */
export const CONSOLE_FIRST_PAGE_MODULES = [
  'src/app/shell/shell-layout.tsx',
  'src/features/home/pages/home-page.tsx',
] as const;

/**
 * The console's boot module, relative to the web root: a second input of the console build that
 * index.html runs before the entry, to preload the first page (src/boot/first-page-prefetch.ts).
 */
export const CONSOLE_BOOT_MODULE = 'src/boot/first-page-prefetch.ts';

/**
 * The sign-in pages' build and their tests (vitest project web-auth) run on Preact: React's
 * imports resolve to preact/compat. Exact specifiers only, so `react-i18next` stays itself.
 */
export const PREACT_ALIASES: { find: RegExp; replacement: string }[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

/**
 * The sign-in pages' build and their tests also swap i18next and react-i18next for the subset in
 * src/lib/i18n-lite (16 KB gzip of i18next for a dozen lookups: see there). Absolute paths, so
 * they work from both configs.
 */
export const LITE_I18N_ALIASES: { find: RegExp; replacement: string }[] = [
  {
    find: /^i18next$/,
    replacement: fileURLToPath(new URL('../src/lib/i18n-lite/i18next.ts', import.meta.url)),
  },
  {
    find: /^react-i18next$/,
    replacement: fileURLToPath(new URL('../src/lib/i18n-lite/react-i18next.ts', import.meta.url)),
  },
];
