/**
 * `npm run bench:web`: what a first page load costs, for an anonymous visitor (`/login`) and for a
 * signed-in customer (the console home `/index`). The app is started as `npm start` starts it;
 * Chromium loads each page with an empty cache, once per fresh browser context, at CPU throttle 1×
 * and 4×, and we record the bytes on the wire, the first paint and the time until the page is
 * usable. From the build manifest it also weighs the JS a first load of every page of the route
 * table needs (bench:web-pages).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { demoSession, useDemoSession, type DemoSession } from '../scripts/lib/demo-session';
import { REPO_ROOT, startApp } from '../scripts/lib/start-app';
import { AUTH_MANIFEST, CONSOLE_MANIFEST } from '../apps/web/build/entries';
import { entryWeights, type Manifest, type PageWeight } from './lib/first-load';
import {
  consolePageWeights,
  INSIDE_FRAME,
  LANGUAGE,
  PAGE_BUDGET_BYTES,
  pagesOverBudget,
  ROUTER_FILE,
} from './lib/console-pages';
import { median, percentile, publish, type Report } from './lib/report';

interface PageSpec {
  /** Our app, or the reference build (`RUOYI_DIST`, loaded in turn with ours). */
  site: 'cloudbay' | 'ruoyi';
  route: string;
  /** The page is usable once every one of these is visible. */
  ready: string[];
  /** Opened with the demo customer's session (announcements read, home pop-up seen). */
  signedIn: boolean;
}

const PAGES: PageSpec[] = [
  // The first route an anonymous visitor sees: usable once its submit button shows.
  { site: 'cloudbay', route: '/login', ready: ['[data-testid="login-submit"]'], signedIn: false },
  // The console home after login: the sidebar's menu (built from the session's routes) and the page.
  {
    site: 'cloudbay',
    route: '/index',
    ready: ['[data-testid="sidebar"] [role="menuitem"]', '[data-testid="home-greeting"]'],
    signedIn: true,
  },
];

/**
 * With `RUOYI_DIST` (a built RuoYi-Vue3, bench/README.md), its sign-in page is loaded in turn with
 * ours, from a static server like ours (lib/reference-site.ts): usable once its submit button shows.
 */
const RUOYI_DIST = process.env.RUOYI_DIST;
const RUOYI_LOGIN: PageSpec = {
  site: 'ruoyi',
  route: '/login',
  ready: ['.login-form .el-button--primary'],
  signedIn: false,
};
const SPECS = RUOYI_DIST ? [PAGES[0]!, RUOYI_LOGIN, ...PAGES.slice(1)] : PAGES;
const pageName = (spec: PageSpec) =>
  spec.site === 'ruoyi' ? `RuoYi-Vue3 \`${spec.route}\`` : `\`${spec.route}\``;

const THROTTLES = [1, 4];
const LOADS = 10;
const READY_TIMEOUT_MS = 60_000;

interface Transfer {
  path: string;
  /** CDP resource type: Document, Script, Stylesheet, Fetch, … */
  type: string;
  status: number;
  encoding: string;
  /** Chromium's encodedDataLength: response headers + body as received (compressed). */
  bytes: number;
}

/** A body's size and the content-encoding it came in. */
interface Encoded {
  bytes: number;
  encoding: string;
}

interface Load {
  timeToUsableMs: number;
  /** Paint Timing entries of the load (ms since navigation start). */
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  responses: Transfer[];
}

/**
 * Runs in the page before its own scripts: notes performance.now() when all the selectors are first
 * visible, and resolves `window.__benchReady` then. Plain source, not a function: tsx would put its
 * `__name` helper in a function's source.
 */
const readyProbe = (selectors: string[]) => `(() => {
  let resolveReady;
  window.__benchReady = new Promise((resolve) => (resolveReady = resolve));
  const visible = (selector) => {
    const el = document.querySelector(selector);
    if (!el || !el.checkVisibility({ visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const check = () => {
    if (window.__benchReadyAt !== undefined) return true;
    if (!${JSON.stringify(selectors)}.every(visible)) return false;
    window.__benchReadyAt = performance.now();
    resolveReady(window.__benchReadyAt);
    return true;
  };
  const observer = new MutationObserver(() => check() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const onFrame = () => check() || requestAnimationFrame(onFrame);
  requestAnimationFrame(onFrame);
})();`;

/**
 * Waits for the probe in the page's own world over CDP. Not Playwright's locators or page.evaluate:
 * their first use injects Playwright's script into the page (~45 ms of main thread at 4× CPU,
 * during the load), so the bench would time its own tooling along with the page.
 */
async function waitForProbe(cdp: CDPSession, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  // The probe's promise exists once the document's first script ran; until then, try again.
  while (Date.now() < deadline) {
    const result = await cdp
      .send('Runtime.evaluate', {
        expression: `window.__benchReady === undefined ? 'later' : Promise.race([window.__benchReady.then(() => 'ready'), new Promise((r) => setTimeout(() => r('later'), 1000))])`,
        awaitPromise: true,
        returnByValue: true,
      })
      .catch(() => undefined); // no document yet, or it was replaced (a redirect): try again
    if (result?.result.value === 'ready') return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function measureLoad(
  browser: Browser,
  url: string,
  spec: PageSpec,
  cpuThrottle: number,
  session: DemoSession | undefined,
): Promise<Load> {
  const context = await browser.newContext(); // fresh profile: empty cache, no cookies
  try {
    if (session) await useDemoSession(context, session); // the token is in place before any page script
    const page = await context.newPage();
    await page.addInitScript({ content: readyProbe(spec.ready) });
    const cdp = await context.newCDPSession(page);

    // One entry per HTTP response; a redirect's requestId is reused, so hops are recorded apart.
    const pending = new Map<string, Transfer>();
    const responses: Transfer[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!/^https?:/.test(e.request.url)) return; // data: and blob: URLs cost no transfer
      const previous = pending.get(e.requestId);
      if (previous && e.redirectResponse) {
        responses.push({
          ...previous,
          status: e.redirectResponse.status,
          bytes: e.redirectResponse.encodedDataLength,
        });
      }
      const { pathname, search } = new URL(e.request.url);
      const path = pathname + search;
      pending.set(e.requestId, { path, type: e.type ?? 'Other', status: 0, encoding: 'identity', bytes: 0 });
    });
    cdp.on('Network.responseReceived', (e) => {
      const response = pending.get(e.requestId);
      if (!response) return;
      response.type = e.type;
      response.status = e.response.status;
      const headers = Object.entries(e.response.headers);
      response.encoding =
        headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
    });
    const settle = (requestId: string, bytes: number) => {
      const response = pending.get(requestId);
      if (!response) return;
      pending.delete(requestId);
      responses.push({ ...response, bytes });
    };
    cdp.on('Network.loadingFinished', (e) => settle(e.requestId, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => settle(e.requestId, 0));
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });

    await page.goto(url, { waitUntil: 'commit' });
    if (!(await waitForProbe(cdp, READY_TIMEOUT_MS))) {
      const missing = await page.evaluate(
        (selectors) => selectors.filter((selector) => !document.querySelector(selector)),
        spec.ready,
      );
      const failed = responses.filter((r) => r.status >= 400).map((r) => `${r.status} ${r.path}`);
      const detail = failed.length ? `; failed responses: ${failed.join(', ')}` : '';
      throw new Error(
        `${spec.ready.join(' and ')} not visible after ${READY_TIMEOUT_MS / 1000} s at ${page.url()} ` +
          `(not in the page: ${missing.join(', ') || 'none, hidden'})${detail}`,
      );
    }
    // A signed-in load that landed on /login (an expired or refused session) measures the wrong page.
    if (new URL(page.url()).pathname !== spec.route) {
      throw new Error(`${url} ended at ${page.url()}`);
    }
    const readyAt = await page.evaluate(
      () => (window as unknown as { __benchReadyAt?: number }).__benchReadyAt,
    );
    if (readyAt === undefined) throw new Error('the ready probe did not fire');
    // Count what the page still fetches right after it became usable (lazy chunks, first API calls).
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    // Paint Timing (`first-paint`, `first-contentful-paint`), in ms since navigation start. Chromium
    // adds the entries once the frame is presented, which under throttling can come after this point.
    await page
      .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
        polling: 100,
        timeout: 10_000,
      })
      .catch(() => undefined); // reported below with what there is
    const paints = await page.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime])),
    );
    const firstPaintMs = paints['first-paint'];
    const firstContentfulPaintMs = paints['first-contentful-paint'];
    if (firstPaintMs === undefined || firstContentfulPaintMs === undefined) {
      throw new Error(`no paint timing entries at ${page.url()}: ${JSON.stringify(paints)}`);
    }
    return {
      timeToUsableMs: readyAt,
      firstPaintMs,
      firstContentfulPaintMs,
      responses: [...responses, ...pending.values()],
    };
  } finally {
    await context.close();
  }
}

/** Body bytes of `url` as served with `accept-encoding: <encoding>` (Node does not decode it). */
function encodedSize(url: string, encoding: string): Promise<Encoded> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const WEB_ROOT = path.join(REPO_ROOT, 'apps/web');
// The server serves apps/web/dist, which any concurrent `npm start`, build or e2e run rewrites.
const WEB_INDEX = path.join(WEB_ROOT, 'dist/index.html');
const buildTime = () => fs.statSync(WEB_INDEX).mtimeMs;
function assertBuildUnchanged(builtAt: number): void {
  if (buildTime() !== builtAt) {
    throw new Error(
      'apps/web/dist was rebuilt during the run (by another process?): the figures mix builds; run again',
    );
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => Math.round(value);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const scriptsOf = (load: Load) => load.responses.filter((r) => r.type === 'Script');
const stats = (values: number[]) => ({ median: median(values), p90: percentile(values, 90), all: values });

/**
 * The gzip weight of every page's first-load JS (bench/lib/first-load.ts), from the build's
 * manifest; each file gzipped at the best level, as the build's `.gz` copies are.
 */
function pageWeightsReport(): Report {
  const dist = path.join(WEB_ROOT, 'dist');
  // Two builds, a manifest each: the console's (vite.config.ts) and the sign-in pages' (vite.auth.config.ts).
  const readManifest = (file: string, config: string) => {
    const manifestFile = path.join(dist, file);
    if (!fs.existsSync(manifestFile)) {
      throw new Error(`${manifestFile} is missing: apps/web/${config} must keep build.manifest on`);
    }
    return JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  };
  const manifest = readManifest(CONSOLE_MANIFEST, 'vite.config.ts');
  const authManifest = readManifest(AUTH_MANIFEST, 'vite.auth.config.ts');
  const gzipSizes = new Map<string, number>();
  const size = (file: string) => {
    let bytes = gzipSizes.get(file);
    if (bytes === undefined) {
      bytes = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
      gzipSizes.set(file, bytes);
    }
    return bytes;
  };
  const weights = [...entryWeights(authManifest, size), ...consolePageWeights(manifest, WEB_ROOT, size)];
  const over = pagesOverBudget(weights);
  const label = (w: PageWeight) => `\`${w.route}\``;
  // Chunk names list every page that shares the chunk (`antd~home-page~…`): the first part says enough.
  const shortName = (name: string) => name.split('~')[0]!;
  const laterCell = (w: PageWeight) =>
    w.later.length
      ? `${kb(w.laterBytes)} (${w.later.length} files: ${[...new Set(w.later.map(shortName))].join(', ')})`
      : '';
  return {
    name: 'web-pages',
    leftColumns: [0, 1, 2, 6, 7],
    headers: [
      'group',
      'route',
      'module',
      'JS files',
      'first load gzip KB',
      'own gzip KB',
      'largest own chunk',
      'later gzip KB',
    ],
    rows: weights.map((w) => [
      w.group,
      label(w),
      `\`${w.module.replace(/^src\//, '')}\``,
      w.files,
      kb(w.bytes),
      kb(w.ownBytes),
      w.largest ? `${shortName(w.largest.name)} ${kb(w.largest.bytes)}` : '',
      laterCell(w),
    ]),
    notes: [
      `Gzip (level 9) bytes of the JS files a first load of each page needs, from the build manifests (\`apps/web/dist/${CONSOLE_MANIFEST}\` of the console, \`${AUTH_MANIFEST}\` of the sign-in pages' \`auth.html\`, entry row only) ` +
        `and the \`import()\` calls of \`routeTable\` in \`apps/web/${ROUTER_FILE}\`: the console entry \`index.html\` and its static imports, ` +
        `the ${LANGUAGE} public strings, and for pages inside the console frame (${INSIDE_FRAME.join(', ')}) the shell and the console strings, then the page's module and its static imports.`,
      "**own**: what the page adds to that base (entry rows: the entry alone); **later**: chunks the page's own code imports dynamically (with their static imports not loaded yet), which arrive after the page or when it asks (ECharts).",
      over.length
        ? `Over the ${kb(PAGE_BUDGET_BYTES)} KB goal: ${over.map((w) => `${label(w)} ${kb(w.bytes)}`).join(', ')}.`
        : `Every page's first load is within the ${kb(PAGE_BUDGET_BYTES)} KB goal.`,
    ],
    data: { language: LANGUAGE, budgetBytes: PAGE_BUDGET_BYTES, pages: weights },
  };
}

/** The figures of one page at one throttle (medians over its loads). */
function summarise(
  spec: PageSpec,
  cpuThrottle: number,
  loads: Load[],
  gzipSizeOf: (path: string) => Encoded,
) {
  return {
    spec,
    route: spec.route,
    signedIn: spec.signedIn,
    readySelectors: spec.ready,
    cpuThrottle,
    timeToUsableMs: stats(loads.map((l) => l.timeToUsableMs)),
    firstPaintMs: stats(loads.map((l) => l.firstPaintMs)),
    firstContentfulPaintMs: stats(loads.map((l) => l.firstContentfulPaintMs)),
    jsBytes: median(loads.map((l) => sum(scriptsOf(l).map((r) => r.bytes)))),
    gzipJsBytes: median(loads.map((l) => sum(scriptsOf(l).map((r) => gzipSizeOf(r.path).bytes)))),
    totalBytes: median(loads.map((l) => sum(l.responses.map((r) => r.bytes)))),
    requests: median(loads.map((l) => l.responses.length)),
    firstLoadResponses: loads[0]!.responses,
  };
}
type Run = ReturnType<typeof summarise>;

/** What the scripts were served as: `br (30 scripts, 332.9 KB), identity (…)`. */
function served(pairs: Encoded[]): string {
  return [...new Set(pairs.map((p) => p.encoding))]
    .map((encoding) => {
      const matching = pairs.filter((p) => p.encoding === encoding);
      return `${encoding} (${matching.length} scripts, ${kb(sum(matching.map((p) => p.bytes)))} KB)`;
    })
    .join(', ');
}

// `npm run bench:web-pages` (`--pages-only`): the page weights alone, from the current build of
// apps/web (build it first): no app and no browser, so it takes a second.
if (process.argv.includes('--pages-only')) {
  await publish(pageWeightsReport());
  process.exit(0);
}

/** The reference build's static server (lib/reference-site.ts) in its own process, as our app runs. */
async function startReferenceSite(dist: string): Promise<{ baseUrl: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'bench/lib/reference-site.ts'), dist],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the reference site for ${dist} exited (${code})`)));
  });
  return { baseUrl, stop: () => child.kill() };
}

/** The reference build's commit, when its folder is in a git checkout (RuoYi-Vue3's dist is). */
function commitOf(dist: string): string | undefined {
  try {
    return execFileSync('git', ['-C', dist, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

const app = await startApp({
  // The demo customer logs in by API: the image code cannot be read. The pages load the same.
  CAPTCHA: 'off',
});
const reference = RUOYI_DIST ? await startReferenceSite(RUOYI_DIST) : undefined;
const referenceCommit = RUOYI_DIST ? commitOf(RUOYI_DIST) : undefined;
const baseOf = (spec: PageSpec) => (spec.site === 'ruoyi' ? reference!.baseUrl : app.baseUrl);
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const builtAt = buildTime();
  try {
    const weights = pageWeightsReport();
    const session = await demoSession(app.baseUrl, 'customer');
    const gzipSizes = new Map<string, Encoded>();
    const sessionOf = (spec: PageSpec) => (spec.signedIn ? session : undefined);
    for (const spec of SPECS) {
      console.error(`[bench] ${pageName(spec)}: one unrecorded load to warm the server up`);
      await measureLoad(browser, baseOf(spec) + spec.route, spec, 1, sessionOf(spec));
    }
    // The pages' loads in turn (page A, page B, page A, …): the machine's speed drifts within a run,
    // and pages compared side by side must have met the same drift.
    const runs: Run[] = [];
    for (const cpuThrottle of THROTTLES) {
      console.error(`[bench] ${LOADS} loads per page at ${cpuThrottle}×, in turn`);
      const loads = new Map<PageSpec, Load[]>(SPECS.map((spec) => [spec, []]));
      try {
        for (let i = 0; i < LOADS; i++)
          for (const spec of SPECS)
            loads
              .get(spec)!
              .push(
                await measureLoad(browser, baseOf(spec) + spec.route, spec, cpuThrottle, sessionOf(spec)),
              );
      } finally {
        assertBuildUnchanged(builtAt);
      }
      for (const spec of SPECS) {
        const specLoads = loads.get(spec)!;
        console.error(
          `[bench] ${pageName(spec)} ${cpuThrottle}×: ${specLoads.map((l) => ms(l.timeToUsableMs)).join(', ')} ms`,
        );
        for (const { path } of specLoads.flatMap(scriptsOf)) {
          const url = baseOf(spec) + path;
          if (!gzipSizes.has(url)) gzipSizes.set(url, await encodedSize(url, 'gzip'));
        }
        runs.push(summarise(spec, cpuThrottle, specLoads, (path) => gzipSizes.get(baseOf(spec) + path)!));
      }
    }
    runs.sort((a, b) => SPECS.indexOf(a.spec) - SPECS.indexOf(b.spec) || a.cpuThrottle - b.cpuThrottle);

    const pageNotes = SPECS.map((spec) => {
      const first = runs.find((r) => r.spec === spec)!.firstLoadResponses;
      const scripts = first.filter((r) => r.type === 'Script');
      const gzipped = [...new Set(scripts.map((r) => r.path))].map((p) => gzipSizes.get(baseOf(spec) + p)!);
      const others = first.filter((r) => r.type !== 'Script');
      return (
        `${pageName(spec)} scripts as Chromium received them: ${served(scripts)}; fetched with accept-encoding: gzip: ${served(gzipped)}. ` +
        `Other responses: ${others.map((r) => `\`${r.path}\` (${r.type}, ${r.status}, ${kb(r.bytes)} KB)`).join(', ')}.`
      );
    });
    const referenceNotes = RUOYI_DIST
      ? [
          `RuoYi-Vue3${referenceCommit ? ` (commit \`${referenceCommit}\`)` : ''}, its production build, from \`bench/lib/reference-site.ts\` (Brotli, as ours; its image-code request answered as its backend would), loaded in turn with ours. ` +
            `Our \`/login\` usable p50 against RuoYi's: ${THROTTLES.map((t) => {
              const ours = runs.find((r) => r.spec === PAGES[0] && r.cpuThrottle === t)!;
              const theirs = runs.find((r) => r.spec === RUOYI_LOGIN && r.cpuThrottle === t)!;
              return `${t}× ${ms(ours.timeToUsableMs.median)} / ${ms(theirs.timeToUsableMs.median)} ms = ${(ours.timeToUsableMs.median / theirs.timeToUsableMs.median).toFixed(2)}`;
            }).join(', ')}.`,
        ]
      : [];
    await publish({
      name: 'web',
      leftColumns: [0, 1],
      headers: [
        'page',
        'CPU',
        'usable p50 ms',
        'usable p90 ms',
        'first paint p50 ms',
        'JS KB',
        'gzip JS KB',
        'total KB',
        'requests',
      ],
      rows: runs.map((r) => [
        pageName(r.spec),
        `${r.cpuThrottle}×`,
        ms(r.timeToUsableMs.median),
        ms(r.timeToUsableMs.p90),
        ms(r.firstContentfulPaintMs.median),
        kb(r.jsBytes),
        kb(r.gzipJsBytes),
        kb(r.totalBytes),
        r.requests,
      ]),
      notes: [
        ...SPECS.map(
          (spec) =>
            `${pageName(spec)}${spec.signedIn ? ' signed in as the demo customer' : ', anonymous,'} until ${spec.ready.map((s) => `\`${s}\``).join(' and ')} ${spec.ready.length > 1 ? 'are' : 'is'} visible.`,
        ),
        `${LOADS} loads per page and CPU throttle, the pages in turn, each load in a fresh browser context (empty cache), after one unrecorded warm-up load per page; ` +
          'first paint is `first-contentful-paint`; headless Chromium, app on 127.0.0.1.',
        ...referenceNotes,
        // A loader of plain boxes is no contentful paint (no text, image or SVG): `first-paint` shows it.
        `\`first-paint\` p50 (any pixel, e.g. a background): ${runs
          .map((r) => `${pageName(r.spec)} ${r.cpuThrottle}× ${ms(r.firstPaintMs.median)} ms`)
          .join(', ')}.`,
        ...pageNotes,
      ],
      data: {
        loadsPerThrottle: LOADS,
        reference: RUOYI_DIST ? { dist: RUOYI_DIST, commit: referenceCommit } : null,
        runs: runs.map(({ spec, ...run }) => ({ site: spec.site, ...run })),
      },
    });
    await publish(weights);
    assertBuildUnchanged(builtAt);
  } finally {
    await browser.close();
  }
} finally {
  reference?.stop();
  await app.stop();
}
