/**
 * Starts the whole product exactly as `npm start` does, in a child process of its own (its own
 * process group), on free ports, with a fresh embedded Postgres under a temporary DATA_DIR.
 * Everything listens on 127.0.0.1. The returned stop() sends SIGINT to the process group (what
 * Ctrl-C in a terminal does), waits for the app to exit and removes the temporary directory. The app is also stopped if this process is interrupted or exits early.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATABASE_NAME, embeddedUrl } from '../../apps/server/src/runtime/embedded-postgres';
import { freePort } from './free-port';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 4 * 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface RunningApp {
  baseUrl: string;
  /** The app's embedded database, for a bench that seeds or checks it. */
  databaseUrl: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is gone already
  }
}

/** The app runs Postgres in a process group of its own: when the app had to be killed, so must it be. */
function killPostgres(dataDir: string): void {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch {
    // not running
  }
}

export async function startApp(extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  const [port, pgPort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudbay-bench-'));
  fs.chmodSync(dataDir, 0o755); // the postgres OS user must traverse it
  const baseUrl = `http://${HOST}:${port}`;

  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    detached: true, // own process group: stop() signals npm and node together, as Ctrl-C would
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...extraEnv,
    },
  });
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('could not spawn npm start');

  // The app's output goes to stderr, prefixed, so a bench's stdout stays its results.
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        process.stderr.write(`[app] ${line.length > 1000 ? `${line.slice(0, 1000)}…` : line}\n`);
        tail.push(line);
        if (tail.length > 40) tail.shift();
      }
    });
  }

  let exitCode: number | string | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolve();
    }),
  );

  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  // Last resort when this process exits without stop(): no waiting possible, so kill outright.
  const onExit = () => {
    signalGroup(pgid, 'SIGKILL');
    killPostgres(dataDir);
    removeDataDir();
  };
  // On Ctrl-C (or SIGTERM) stop the app, then exit; a second Ctrl-C meanwhile changes nothing.
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the app…`);
    void stop().finally(() => process.exit(130));
  };
  process.on('exit', onExit);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (exitCode === undefined) signalGroup(pgid, 'SIGINT');
      // The app exits once it has drained and stopped its embedded Postgres (its own group).
      const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
      if (!stopped) {
        console.error(`[bench] the app did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`);
        signalGroup(pgid, 'SIGKILL');
        killPostgres(dataDir);
        await exited;
      }
      removeDataDir();
      process.off('exit', onExit);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    })());

  try {
    await waitUntilReady(`${baseUrl}/api/readyz`, () => exitCode);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\nLast lines of the app's output:\n${tail.join('\n')}`, {
      cause: error,
    });
  }
  return { baseUrl, databaseUrl: embeddedUrl(pgPort, DATABASE_NAME), stop };
}

async function waitUntilReady(
  url: string,
  exitCode: () => number | string | null | undefined,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode() !== undefined) throw new Error(`npm start exited (${exitCode()}) before it was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${READY_TIMEOUT_MS / 60_000} min`);
}
