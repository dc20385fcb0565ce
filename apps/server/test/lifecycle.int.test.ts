/**
 * `npm start` as a process: it comes up on embedded Postgres, survives being SIGKILLed (the
 * orphaned Postgres is found and stopped at the next start), and shuts down cleanly on SIGINT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/env';
import { freePort } from '../../../scripts/lib/free-port';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudbay-lifecycle-'));
fs.chmodSync(dataDir, 0o755);
const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
const running: ChildProcess[] = [];

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startApp(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, like a terminal's foreground job, so Ctrl-C can be sent to the group.
    detached: true,
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`start timed out:\n${output}`)), 170_000);
    child.stdout!.on('data', () => {
      if (output.includes('Cloudbay is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
  return { child, output: () => output };
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  if (fs.existsSync(pidFile)) process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('recovers from a killed run and shuts down cleanly on Ctrl-C', { timeout: 400_000 }, async () => {
    const env = { PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) };
    const base = `http://127.0.0.1:${env.PORT}`;

    const first = await startApp(env);
    expect(first.output()).toContain(`Console   ${base}/`);
    expect((await fetch(`${base}/api/readyz`)).status).toBe(200);
    const configAnswer = (await (await fetch(`${base}/api/config/SITE_NAME`)).json()) as {
      data: { key: string };
    };
    expect(configAnswer.data.key).toBe('SITE_NAME'); // migrated and seeded

    // A hard kill leaves the embedded Postgres running, as a crashed laptop run would.
    first.child.kill('SIGKILL');
    await exited(first.child);
    const orphan = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(isAlive(orphan)).toBe(true);

    const second = await startApp(env);
    expect(isAlive(orphan)).toBe(false);
    expect((await fetch(`${base}/api/readyz`)).status).toBe(200);
    const settings = (await (await fetch(`${base}/api/config/SITE_NAME`)).json()) as {
      data: { key: string };
    };
    expect(settings.data.key).toBe('SITE_NAME'); // the data survived

    // Ctrl-C in a terminal signals the whole foreground process group.
    process.kill(-second.child.pid!, 'SIGINT');
    expect(await exited(second.child)).toBe(0);
    expect(second.output()).toContain('stopped embedded postgres');
    // Postgres did not see the Ctrl-C itself: nothing was cut off while the app drained.
    expect(second.output()).not.toMatch(/57P01|"level":50/);
    expect(fs.existsSync(pidFile)).toBe(false);
    await expect(fetch(`${base}/api/healthz`)).rejects.toThrow();
  });
});
