/**
 * `npm run screenshots -- /index /401 …`: looks at pages as people do. Starts the app as
 * `npm start` does, then captures each path in zh-CN and en-US at desktop (1280 px) and narrow
 * (390 px) widths into .data/screenshots/, and prints any console errors or warnings.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { REPO_ROOT, startApp } from './lib/start-app';

const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
if (paths.length === 0) {
  console.error('usage: npm run screenshots -- /path [/path …]');
  process.exit(2);
}
const outDir = path.join(REPO_ROOT, '.data', 'screenshots');
fs.mkdirSync(outDir, { recursive: true });

const app = await startApp();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const route of paths) {
    for (const lang of ['zh', 'en']) {
      for (const width of [1280, 390]) {
        const page = await browser.newPage({ viewport: { width, height: width > 900 ? 800 : 844 } });
        const messages: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
        });
        await page.addInitScript((value) => window.localStorage.setItem('lang', value), lang);
        await page.goto(app.baseUrl + route, { waitUntil: 'networkidle' });
        const file = path.join(
          outDir,
          `${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}-${lang}-${width}.png`,
        );
        await page.screenshot({ path: file, fullPage: true });
        console.log(
          `${path.relative(REPO_ROOT, file)}${messages.length ? `\n  ${messages.join('\n  ')}` : ''}`,
        );
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
