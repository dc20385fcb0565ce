/**
 * `npm start` serves the built web app. It rebuilds when the build is missing or older than any
 * source file of the web app or the shared contracts, so a fresh clone needs no separate build step.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config/env';

export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/auth.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.auth.config.ts',
  // The build's own plugins (antd styles, first load, the light entry's guard) shape the output too.
  'apps/web/build',
  'apps/web/package.json',
  'packages/contracts/src',
].map((p) => path.join(REPO_ROOT, p));

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isWebBuildStale(): boolean {
  const index = path.join(WEB_DIST, 'index.html');
  if (!fs.existsSync(index)) return true;
  const builtAt = fs.statSync(index).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(source) > builtAt);
}

export function ensureWebBuild(log: (message: string) => void): void {
  if (!isWebBuildStale()) return;
  log('Building the web app (its build is missing or older than its sources)…');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@cloudbay/web'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The web app build failed (npm run build -w @cloudbay/web)');
  log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
