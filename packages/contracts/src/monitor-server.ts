import { z } from 'zod';

/** GET /api/monitor/server: the host, the Node process answering, and PostgreSQL, as of now. */
const disk = z.object({
  /** Which directory was measured: the data directory or the root file system. */
  path: z.string(),
  total_bytes: z.number(),
  free_bytes: z.number(),
  used_bytes: z.number(),
  usage_percent: z.number(),
});

export const serverInfoSchema = z.object({
  cpu: z.object({
    model: z.string(),
    cores: z.number().int(),
    /** Percent of all cores busy since the previous sample (user, system, idle split). */
    usage_percent: z.number(),
    user_percent: z.number(),
    system_percent: z.number(),
    idle_percent: z.number(),
  }),
  memory: z.object({
    total_bytes: z.number(),
    free_bytes: z.number(),
    used_bytes: z.number(),
    usage_percent: z.number(),
  }),
  /** 1, 5 and 15 minute load averages. */
  load_average: z.tuple([z.number(), z.number(), z.number()]),
  disks: z.array(disk),
  os: z.object({
    hostname: z.string(),
    platform: z.string(),
    release: z.string(),
    arch: z.string(),
    uptime_seconds: z.number(),
  }),
  node: z.object({
    version: z.string(),
    pid: z.number().int(),
    uptime_seconds: z.number(),
    heap_used_bytes: z.number(),
    heap_total_bytes: z.number(),
    rss_bytes: z.number(),
    /** Event-loop delay since the previous sample, in milliseconds. */
    event_loop_p50_ms: z.number(),
    event_loop_p99_ms: z.number(),
  }),
  database: z.object({
    version: z.string(),
    size_bytes: z.number(),
    /** Connections to this database by state (active, idle, idle in transaction, …). */
    connections: z.array(z.object({ state: z.string(), count: z.number().int() })),
    max_connections: z.number().int(),
    /** Share of block reads served from shared buffers, 0–100; null before any read. */
    cache_hit_percent: z.number().nullable(),
    uptime_seconds: z.number(),
  }),
  sampled_at: z.string(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;
