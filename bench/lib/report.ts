/**
 * How a bench publishes its figures: a table on stdout, bench/results/<name>.json (git-ignored),
 * and the section of bench/README.md between `<!-- bench:<name>:start -->` and `…:end -->`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { REPO_ROOT } from '../../scripts/lib/start-app';

const BENCH_DIR = path.join(REPO_ROOT, 'bench');

export type Cell = string | number;

export interface Report {
  /** Section marker and results file name: `web` → bench/results/web.json. */
  name: string;
  headers: string[];
  rows: Cell[][];
  /** Columns aligned left (text); the others align right (figures). Default: the first. */
  leftColumns?: number[];
  /** Markdown lines printed after the table (settings, caveats). */
  notes: string[];
  /** Everything measured, written to the JSON file. */
  data: Record<string, unknown>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p90 of 10 samples is the 9th smallest). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The run's context: when, on what, at which commit. */
export function environment() {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  return {
    date: new Date().toISOString().slice(0, 10),
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    commit: git('rev-parse', '--short', 'HEAD'),
    // The README's sections are what a bench rewrites (one run may publish several), not code it measured.
    uncommittedChanges: git('status', '--porcelain', '--', '.', ':(exclude)bench/README.md').length > 0,
  };
}

function textTable(headers: string[], rows: Cell[][], left: number[]): string {
  const cells = [headers, ...rows.map((row) => row.map((cell) => String(cell).replace(/`/g, '')))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (left.includes(i) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

function markdownTable(headers: string[], rows: Cell[][], left: number[]): string {
  const line = (row: Cell[]) => `| ${row.join(' | ')} |`;
  return [
    line(headers),
    `|${headers.map((_, i) => (left.includes(i) ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/**
 * Replaces the text between the section's markers (appends the section if it is missing), then
 * formats the file as `npm run lint` expects it (Prettier aligns markdown tables).
 */
export async function rewriteSection(file: string, name: string, body: string): Promise<void> {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const section = `${start}\n\n${body.trim()}\n\n${end}`;
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, await format(next, { ...(await resolveConfig(file)), filepath: file }));
}

export async function publish(report: Report): Promise<void> {
  const env = environment();
  const context =
    `${env.date}, ${env.cores} cores, ${env.memoryGiB} GiB RAM, Node ${env.node}, ` +
    `commit \`${env.commit}\`${env.uncommittedChanges ? ' (with uncommitted changes)' : ''}`;

  const left = report.leftColumns ?? [0];
  console.log(`\n${textTable(report.headers, report.rows, left)}\n`);
  for (const note of report.notes) console.log(note.replace(/`/g, ''));

  const resultsDir = path.join(BENCH_DIR, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const jsonFile = path.join(resultsDir, `${report.name}.json`);
  fs.writeFileSync(jsonFile, `${JSON.stringify({ environment: env, ...report.data }, null, 2)}\n`);

  const body = [
    `Measured ${context}.`,
    '',
    markdownTable(report.headers, report.rows, left),
    '',
    ...report.notes.map((note) => `- ${note}`),
  ].join('\n');
  await rewriteSection(path.join(BENCH_DIR, 'README.md'), report.name, body);
  console.log(
    `\nWrote ${path.relative(REPO_ROOT, jsonFile)} and the bench:${report.name} section of bench/README.md`,
  );
}
