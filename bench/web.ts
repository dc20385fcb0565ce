/**
 * `npm run bench:web`: what an anonymous visitor's first page load costs. The app is started as
 * `npm start` starts it; Chromium loads the first route with an empty cache, once per fresh browser
 * context, at CPU throttle 1× and 4×, and we record the bytes on the wire and the time until the
 * page is usable.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { median, percentile, publish } from './lib/report';
import { REPO_ROOT, startApp } from '../scripts/lib/start-app';

// The first route an anonymous visitor sees and the element that shows it is usable.
const FIRST_ROUTE = '/login';
const READY_SELECTOR = '[data-testid="login-submit"]';

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

interface Load {
  timeToUsableMs: number;
  responses: Transfer[];
}

/**
 * Runs in the page before its own scripts: notes performance.now() when the selector is first
 * visible. Plain source, not a function: tsx would put its `__name` helper in a function's source.
 */
const readyProbe = (selector: string) => `(() => {
  const check = () => {
    if (window.__benchReadyAt !== undefined) return true;
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el || !el.checkVisibility({ visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    window.__benchReadyAt = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => check() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const onFrame = () => check() || requestAnimationFrame(onFrame);
  requestAnimationFrame(onFrame);
})();`;

async function measureLoad(browser: Browser, url: string, cpuThrottle: number): Promise<Load> {
  const context = await browser.newContext(); // fresh profile: empty cache, no cookies
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: readyProbe(READY_SELECTOR) });
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
    try {
      await page.locator(READY_SELECTOR).first().waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS });
    } catch (error) {
      const failed = responses.filter((r) => r.status >= 400).map((r) => `${r.status} ${r.path}`);
      const detail = failed.length ? `; failed responses: ${failed.join(', ')}` : '';
      const message = `${READY_SELECTOR} not visible after ${READY_TIMEOUT_MS / 1000} s at ${page.url()}${detail}`;
      throw new Error(message, { cause: error });
    }
    const readyAt = await page.evaluate(
      () => (window as unknown as { __benchReadyAt?: number }).__benchReadyAt,
    );
    if (readyAt === undefined) throw new Error('the ready probe did not fire');
    // Count what the page still fetches right after it became usable (lazy chunks, first API calls).
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    return { timeToUsableMs: readyAt, responses: [...responses, ...pending.values()] };
  } finally {
    await context.close();
  }
}

/** Body bytes of `url` as served with `accept-encoding: <encoding>` (Node does not decode it). */
function encodedSize(url: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
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

// The server serves apps/web/dist, which any concurrent `npm start`, build or e2e run rewrites.
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
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

const app = await startApp();
try {
  const url = app.baseUrl + FIRST_ROUTE;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const builtAt = buildTime();
  try {
    console.error(`[bench] one unrecorded load to warm the server up, then ${LOADS} loads per throttle`);
    await measureLoad(browser, url, 1);
    const gzipSizes = new Map<string, { bytes: number; encoding: string }>();
    const runs = [];
    for (const cpuThrottle of THROTTLES) {
      const loads: Load[] = [];
      try {
        for (let i = 0; i < LOADS; i++) loads.push(await measureLoad(browser, url, cpuThrottle));
      } finally {
        assertBuildUnchanged(builtAt);
      }
      console.error(`[bench] ${cpuThrottle}×: ${loads.map((l) => ms(l.timeToUsableMs)).join(', ')} ms`);

      for (const { path } of loads.flatMap(scriptsOf)) {
        if (!gzipSizes.has(path)) gzipSizes.set(path, await encodedSize(app.baseUrl + path, 'gzip'));
      }
      const times = loads.map((l) => l.timeToUsableMs);
      runs.push({
        cpuThrottle,
        timeToUsableMs: { median: median(times), p90: percentile(times, 90), all: times },
        jsBytes: median(loads.map((l) => sum(scriptsOf(l).map((r) => r.bytes)))),
        gzipJsBytes: median(loads.map((l) => sum(scriptsOf(l).map((r) => gzipSizes.get(r.path)!.bytes)))),
        totalBytes: median(loads.map((l) => sum(l.responses.map((r) => r.bytes)))),
        requests: median(loads.map((l) => l.responses.length)),
        firstLoadResponses: loads[0]!.responses,
      });
    }

    // What the scripts were served as, in Chromium and to Node's gzip-only requests.
    const served = (pairs: Array<{ encoding: string; bytes: number }>) =>
      [...new Set(pairs.map((p) => p.encoding))]
        .map((encoding) => {
          const matching = pairs.filter((p) => p.encoding === encoding);
          return `${encoding} (${matching.length} scripts, ${kb(sum(matching.map((p) => p.bytes)))} KB)`;
        })
        .join(', ');
    const firstScripts = runs[0]!.firstLoadResponses.filter((r) => r.type === 'Script');
    const others = runs[0]!.firstLoadResponses.filter((r) => r.type !== 'Script');
    await publish({
      name: 'web',
      headers: ['CPU', 'usable p50 ms', 'usable p90 ms', 'JS KB', 'gzip JS KB', 'total KB', 'requests'],
      rows: runs.map((r) => [
        `${r.cpuThrottle}×`,
        ms(r.timeToUsableMs.median),
        ms(r.timeToUsableMs.p90),
        kb(r.jsBytes),
        kb(r.gzipJsBytes),
        kb(r.totalBytes),
        r.requests,
      ]),
      notes: [
        `\`${FIRST_ROUTE}\` until \`${READY_SELECTOR}\` is visible; ${LOADS} loads per CPU throttle, each in a ` +
          'fresh browser context (empty cache), after one unrecorded warm-up load; headless Chromium, app on 127.0.0.1.',
        `Scripts as Chromium received them: ${served(firstScripts)}; ` +
          `fetched with accept-encoding: gzip: ${served([...gzipSizes.values()])}.`,
        `Other responses: ${others.map((r) => `\`${r.path}\` (${r.type}, ${r.status}, ${kb(r.bytes)} KB)`).join(', ')}.`,
      ],
      data: { firstRoute: FIRST_ROUTE, readySelector: READY_SELECTOR, loadsPerThrottle: LOADS, runs },
    });
  } finally {
    await browser.close();
  }
} finally {
  await app.stop();
}
