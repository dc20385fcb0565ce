/**
 * Playwright journeys in Debian's Chromium against the app started exactly as `npm start` starts
 * it (embedded Postgres, built web app), on its own ports and a data dir wiped before each run.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT ?? 18080);
const postgresPort = Number(process.env.E2E_PG_PORT ?? 54339);
const dataDir = path.join(repoRoot, '.data', 'e2e');
export const baseURL = `http://127.0.0.1:${port}`;
/** The embedded database of the app under test, where journeys read the mails it sent. */
export const databaseURL = `postgres://postgres:cloudbay-local@127.0.0.1:${postgresPort}/cloudbay`;

const CHROMIUM = { ...devices['Desktop Chrome'], channel: undefined };
const SITE_WIDE_SPECS = ['**/system-dict-config-notice.spec.ts', '**/business-content.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Journeys walk whole flows (sign-up to logout); on 2 busy CI cores some take 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: SITE_WIDE_SPECS, use: CHROMIUM },
    // Journeys whose effect every account sees (a published announcement pops up on every
    // customer's next page) run after the others, so they never cover another journey's page, and
    // one at a time: signing in reads every announcement, which took the announcement journey's
    // dialog and read count when business-content signed in beside it.
    {
      name: 'chromium-site-wide',
      testMatch: SITE_WIDE_SPECS,
      dependencies: ['chromium'],
      workers: 1,
      use: CHROMIUM,
    },
  ],
  webServer: {
    command: `rm -rf "${dataDir}" && npm start`,
    cwd: repoRoot,
    url: `${baseURL}/api/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(postgresPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Any image code passes (the field is still required): journeys cannot read the image.
      CAPTCHA: 'off',
      // Accounts made by API come from addresses of their own (e2e/accounts.ts), so the per-IP
      // code and login limits do not add up across the whole run.
      TRUST_PROXY: 'true',
      // The own-proxy journey checks a SOCKS5 server it starts on 127.0.0.1 (no internet here).
      PROXY_CHECK_ALLOW_PRIVATE: 'true',
    },
  },
});
