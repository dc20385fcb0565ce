/**
 * `npm run bench:api`: HTTP throughput and latency of the API, under autocannon, against the app
 * started as `npm start` starts it. One route that only proves the process is up, one that reads
 * the database. Each route gets a warm-up run, then the measured run.
 */
import autocannon from 'autocannon';
import { publish } from './lib/report';
import { startApp } from '../scripts/lib/start-app';
import { positiveInt } from './lib/options';

const DURATION_S = positiveInt('BENCH_DURATION', 10);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 100);
const WARMUP_S = 2;

const ROUTES = [
  { path: '/api/healthz', what: 'process up, no database' },
  { path: '/api/config/EXE_URL', what: 'reads one sys_configs row' },
];

const app = await startApp();
try {
  const runs = [];
  for (const route of ROUTES) {
    console.error(
      `[bench] ${route.path}: ${WARMUP_S} s warm-up, then ${DURATION_S} s × ${CONNECTIONS} connections`,
    );
    const result = await autocannon({
      url: app.baseUrl + route.path,
      connections: CONNECTIONS,
      duration: DURATION_S,
      warmup: { connections: CONNECTIONS, duration: WARMUP_S },
    });
    runs.push({
      ...route,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes: Object.entries(result.statusCodeStats).map(([code, s]) => `${s.count} × ${code}`),
    });
  }

  await publish({
    name: 'api',
    headers: ['route', 'req/s (avg)', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
    rows: runs.map((r) => [
      `\`${r.path}\``,
      Math.round(r.requestsPerSecond),
      r.latencyP50Ms,
      r.latencyP99Ms,
      r.requests,
      r.non2xx,
      r.errors,
    ]),
    notes: [
      `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route after a ${WARMUP_S} s warm-up; ` +
        'load generator and app (with its embedded Postgres) share the machine.',
      ...runs.map((r) => `\`${r.path}\`: ${r.what}; answers: ${r.statusCodes.join(', ')}.`),
    ],
    data: { durationSeconds: DURATION_S, connections: CONNECTIONS, warmupSeconds: WARMUP_S, runs },
  });
} finally {
  await app.stop();
}
