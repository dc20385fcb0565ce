/**
 * `npm run screenshots -- [--as customer|operator] /index /401 …`: looks at pages as people do.
 * Starts the app as `npm start` does, then captures each path in zh-CN and en-US at desktop
 * (1280 px) and narrow (390 px) widths into .data/screenshots/, and prints any console errors or
 * warnings. `--as` signs in as the printed demo customer or operator first, with the announcements
 * read and the home pop-up seen, so the pages themselves are in the picture. `--seed network` (with
 * `--as customer`) first gives that customer the cloud network's things (lib/network-seed.ts), and
 * `/proxySet` then opens the seeded phone's proxy settings link. `--seed phones` gives them the
 * phone centres' things (lib/phone-seed.ts: phones, an app installed, tasks, a backup).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { DEMO_LOGINS, demoSession, useDemoSession, type Persona } from './lib/demo-session';
import { seedNetwork } from './lib/network-seed';
import { seedPhones } from './lib/phone-seed';
import { REPO_ROOT, startApp } from './lib/start-app';

const args = process.argv.slice(2);
const paths = args.filter((arg) => arg.startsWith('/'));
const asIndex = args.indexOf('--as');
const persona = asIndex >= 0 ? (args[asIndex + 1] as Persona | undefined) : undefined;
if (paths.length === 0 || (asIndex >= 0 && !(persona && persona in DEMO_LOGINS))) {
  console.error('usage: npm run screenshots -- [--as customer|operator] /path [/path …]');
  process.exit(2);
}

const outDir = path.join(REPO_ROOT, '.data', 'screenshots');
fs.mkdirSync(outDir, { recursive: true });

const app = await startApp(persona ? { CAPTCHA: 'off' } : {});
const session = persona ? await demoSession(app.baseUrl, persona) : undefined;
const seed = args.includes('--seed') ? args[args.indexOf('--seed') + 1] : undefined;
const seeded = session && seed === 'network' ? await seedNetwork(app.baseUrl, session.token) : undefined;
if (session && seed === 'phones') await seedPhones(app.baseUrl, session.token);
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
        if (session) await useDemoSession(page, session);
        await page.goto(app.baseUrl + (seeded && route === '/proxySet' ? seeded : route), {
          waitUntil: 'networkidle',
        });
        const file = path.join(
          outDir,
          `${persona ? `${persona}-` : ''}${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}-${lang}-${width}.png`,
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
