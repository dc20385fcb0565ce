/**
 * `npm test`: every check and test of the project, in order, whatever fails along the way:
 * typecheck, lint, the web build (the lifecycle and e2e tests serve it), vitest (unit and
 * integration on real Postgres), Playwright journeys in Chromium. Ends with one summary line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.data', 'test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Test counts from the runner's report; a step without one counts as one check. */
  counts?: () => Counts | undefined;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const steps: Step[] = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'web build', command: ['npm', 'run', 'build'] },
  {
    name: 'vitest (unit + integration)',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    counts: () => {
      const report = readJson<{
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      }>(vitestReport);
      return (
        report && {
          passed: report.numPassedTests,
          failed: report.numFailedTests,
          skipped: report.numPendingTests + report.numTodoTests,
        }
      );
    },
  },
  {
    name: 'playwright (e2e)',
    command: ['npx', 'playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    counts: () => {
      const report = readJson<{
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      }>(playwrightReport);
      return (
        report && {
          passed: report.stats.expected + report.stats.flaky,
          failed: report.stats.unexpected,
          skipped: report.stats.skipped,
        }
      );
    },
  },
];

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
const started = Date.now();

for (const step of steps) {
  console.log(`\n━━━ ${step.name} ━━━`);
  const stepStarted = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  const ok = result.status === 0;
  let counts = step.counts?.();
  if (!counts) counts = { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  // A runner that exits non-zero with no failed test (crash, no tests found) is still a failure.
  if (!ok && counts.failed === 0) counts.failed = 1;
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  lines.push(
    `${ok ? '✔' : '✘'} ${step.name.padEnd(30)} ${String(counts.passed).padStart(4)} passed ${String(counts.failed).padStart(3)} failed  ${seconds} s`,
  );
}

console.log(`\n━━━ summary (${((Date.now() - started) / 1000).toFixed(0)} s) ━━━`);
for (const line of lines) console.log(line);
console.log(`Summary: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed === 0 ? 0 : 1);
