/**
 * Keeps the sign-in pages' entry light as pages are added: the build fails when its static chunk
 * graph holds a module of antd, axios, TanStack Query or react-router (one import of the console's
 * code from a sign-in page would silently multiply what every visitor's first page downloads), or
 * React DOM or i18next (the entry runs on preact/compat and src/lib/i18n-lite: an import that
 * escapes vite.auth.config.ts's aliases would ship both), or when that graph with the public strings weighs more than the issue-15 budget
 * of 100 KB gzip.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { staticClosure } from './first-load.ts';

const HEAVY_FOR_AUTH =
  /[\\/]node_modules[\\/](?:antd|@ant-design|@rc-component|axios|@tanstack|react-router|react-dom|scheduler|i18next|react-i18next)[\\/]/;

/** The first load's JS budget of the sign-in pages, gzip (bench:web measures the same). */
export const LIGHT_ENTRY_BUDGET_BYTES = 100 * 1024;

const PUBLIC_LOCALE_CHUNK = /^locales-.+-public$/;

/** An output chunk as far as the guard reads it. */
export interface GuardedChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
  code: string;
}

const gzipBytes = (code: string) => gzipSync(code, { level: 9 }).length;

/** What is wrong with the entry `entryName` in `chunkList`, or undefined. */
export function lightEntryProblem(
  chunkList: readonly GuardedChunk[],
  entryName: string,
  budgetBytes = LIGHT_ENTRY_BUDGET_BYTES,
): string | undefined {
  const chunks = new Map(chunkList.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunkList.find((chunk) => chunk.isEntry && chunk.name === entryName);
  if (!entry) return `light entry "${entryName}" not found in the bundle`;
  const seen = staticClosure(chunks, [entry.fileName]);
  for (const fileName of seen) {
    const heavy = chunks.get(fileName)?.moduleIds.find((id) => HEAVY_FOR_AUTH.test(id));
    if (heavy) return `the ${entryName} entry loads ${heavy} (through ${fileName}): keep it light`;
  }
  // The strings come in one chunk per language, loaded before the first render: count the largest.
  const strings = Math.max(
    0,
    ...chunkList
      .filter((chunk) => PUBLIC_LOCALE_CHUNK.test(chunk.name))
      .map((chunk) => gzipBytes(chunk.code)),
  );
  const total = [...seen].reduce(
    (sum, fileName) => sum + gzipBytes(chunks.get(fileName)?.code ?? ''),
    strings,
  );
  if (total > budgetBytes) {
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    return `the ${entryName} entry's first load is ${kb(total)} KB gzip, over its ${kb(budgetBytes)} KB budget`;
  }
  return undefined;
}

export function lightEntryGuard(entryName = 'auth'): Plugin {
  return {
    name: 'cloudbay:light-entry-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunkList = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const problem = lightEntryProblem(chunkList, entryName);
      if (problem) this.error(problem);
    },
  };
}
