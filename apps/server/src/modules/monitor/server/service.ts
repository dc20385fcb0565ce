/**
 * The server page (RuoYi's ServerController, plus what a Node and PostgreSQL operator watches):
 * host CPU, memory, load and disks, this Node process, and the database, as of the request.
 */
import type { ServerInfo } from '@cloudbay/contracts';
import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { AppDeps } from '../../../app-deps';

const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

interface CpuTimes {
  user: number;
  sys: number;
  idle: number;
  total: number;
}

function cpuTimes(): CpuTimes {
  const sum = { user: 0, sys: 0, idle: 0, total: 0 };
  for (const { times } of os.cpus()) {
    sum.user += times.user + times.nice;
    sum.sys += times.sys + times.irq;
    sum.idle += times.idle;
    sum.total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return sum;
}

/**
 * CPU use is the difference between two samples of the cores' cumulative times: the previous
 * request's sample (the page asks every 5 s), or one taken 200 ms earlier on the first request.
 */
let previousCpu: CpuTimes | undefined;
async function cpuUsage() {
  if (!previousCpu) {
    previousCpu = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const now = cpuTimes();
  const delta = {
    user: now.user - previousCpu.user,
    sys: now.sys - previousCpu.sys,
    idle: now.idle - previousCpu.idle,
    total: now.total - previousCpu.total,
  };
  previousCpu = now;
  return {
    usage_percent: percent(delta.total - delta.idle, delta.total),
    user_percent: percent(delta.user, delta.total),
    system_percent: percent(delta.sys, delta.total),
    idle_percent: percent(delta.idle, delta.total),
  };
}

/** Event-loop delay since the previous sample; the histogram starts with the first request. */
let loopDelay: IntervalHistogram | undefined;
function eventLoopDelay() {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
  }
  const ms = (ns: number) => (Number.isFinite(ns) ? round1(ns / 1e6) : 0);
  const answer = {
    event_loop_p50_ms: ms(loopDelay.percentile(50)),
    event_loop_p99_ms: ms(loopDelay.percentile(99)),
  };
  loopDelay.reset();
  return answer;
}

async function diskOf(path: string) {
  const stats = await statfs(path);
  const total = stats.blocks * stats.bsize;
  const free = stats.bavail * stats.bsize;
  return {
    path,
    total_bytes: total,
    free_bytes: free,
    used_bytes: total - free,
    usage_percent: percent(total - free, total),
  };
}

async function databaseInfo(deps: Pick<AppDeps, 'database'>): Promise<ServerInfo['database']> {
  const { pool } = deps.database;
  const [info, connections] = await Promise.all([
    pool.query<{
      version: string;
      size: string;
      max: string;
      hits: string | null;
      reads: string | null;
      uptime: number;
    }>(
      `SELECT current_setting('server_version') AS version,
              pg_database_size(current_database())::text AS size,
              current_setting('max_connections') AS max,
              d.blks_hit::text AS hits, d.blks_read::text AS reads,
              extract(epoch FROM now() - pg_postmaster_start_time())::float8 AS uptime
         FROM pg_stat_database d WHERE d.datname = current_database()`,
    ),
    pool.query<{ state: string; count: number }>(
      `SELECT coalesce(state, 'other') AS state, count(*)::int AS count
         FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1 ORDER BY 2 DESC, 1`,
    ),
  ]);
  const row = info.rows[0]!;
  const hits = Number(row.hits ?? 0);
  const reads = Number(row.reads ?? 0);
  return {
    version: row.version,
    size_bytes: Number(row.size),
    connections: connections.rows,
    max_connections: Number(row.max),
    cache_hit_percent: hits + reads > 0 ? percent(hits, hits + reads) : null,
    uptime_seconds: Math.round(row.uptime),
  };
}

export async function serverInfo(deps: Pick<AppDeps, 'database' | 'config'>): Promise<ServerInfo> {
  const dataDir = deps.config.DATA_DIR;
  const paths = [...new Set([dataDir, '/'])];
  const [cpu, disks, database] = await Promise.all([
    cpuUsage(),
    // A path that does not exist (no data directory yet) is left out rather than failing the page.
    Promise.all(paths.map((path) => diskOf(path).catch(() => undefined))).then((all) =>
      all.filter((disk) => disk !== undefined),
    ),
    databaseInfo(deps),
  ]);
  const cpus = os.cpus();
  const memory = process.memoryUsage();
  const total = os.totalmem();
  const free = os.freemem();
  return {
    cpu: { model: cpus[0]?.model.trim() ?? 'unknown', cores: cpus.length, ...cpu },
    memory: {
      total_bytes: total,
      free_bytes: free,
      used_bytes: total - free,
      usage_percent: percent(total - free, total),
    },
    load_average: os.loadavg() as [number, number, number],
    disks,
    os: {
      hostname: os.hostname(),
      platform: `${os.type()} ${os.platform()}`,
      release: os.release(),
      arch: os.arch(),
      uptime_seconds: Math.round(os.uptime()),
    },
    node: {
      version: process.version,
      pid: process.pid,
      uptime_seconds: Math.round(process.uptime()),
      heap_used_bytes: memory.heapUsed,
      heap_total_bytes: memory.heapTotal,
      rss_bytes: memory.rss,
      ...eventLoopDelay(),
    },
    database,
    sampled_at: new Date().toISOString(),
  };
}
