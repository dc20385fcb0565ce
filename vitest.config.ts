// One vitest run covers every package. Integration tests (`*.int.test.ts`) share one
// Postgres server started by the global setup and get a fresh database per file.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LITE_I18N_ALIASES, PREACT_ALIASES } from './apps/web/build/entries.ts';

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) is a single worker on CI's 2 cores, which
    // then idles while an integration test waits on Postgres. Two there: the suite took 704 s
    // instead of 1 164 s on this 2-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-unit',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-integration',
          root: './apps/server',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The pure parts of the benchmarks and tools (bench/lib, scripts/lib).
        test: {
          name: 'tools',
          root: '.',
          include: ['bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // The sign-in pages ship on Preact: web-auth tests them on it.
          exclude: ['src/auth/**'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // A page's lazy parts (search form, pager, dialogs) are imported inside the first test of
          // a file that shows them; on two cores busy with the other projects that can pass 5 s.
          testTimeout: 15_000,
        },
      },
      {
        // The sign-in pages (src/auth) on preact/compat, as vite.auth.config.ts builds them.
        plugins: [react()],
        resolve: {
          alias: [
            ...PREACT_ALIASES,
            ...LITE_I18N_ALIASES,
            // Its ES build: the package's `main` is CommonJS, whose require('react-dom') no alias reaches.
            {
              find: /^@testing-library\/react$/,
              replacement: fileURLToPath(
                new URL(
                  './node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
                  import.meta.url,
                ),
              ),
            },
            {
              find: /^use-sync-external-store\/shim$/,
              replacement: fileURLToPath(
                new URL('./apps/web/src/lib/use-sync-external-store-shim.ts', import.meta.url),
              ),
            },
          ],
        },
        test: {
          name: 'web-auth',
          root: './apps/web',
          include: ['src/auth/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Run through Vite, not Node's loader, so their imports of React take the aliases too.
          server: { deps: { inline: [/@testing-library[\\/]react/, 'react-i18next'] } },
        },
      },
      {
        test: {
          name: 'web-build',
          root: './apps/web',
          include: ['build/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
