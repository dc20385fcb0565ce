/**
 * One chunk for the antd code the console's entry loads, one for what its frame (the shell) adds
 * and one for what the home page adds (issue 15: fewer requests on a first load).
 *
 * antd's modules are grouped by the set of pages that use them (vite.config.ts, `entriesAware`, no
 * merging), which keeps every page's bytes down but splits the part every page loads — what
 * index.html's entry imports — into ~40 files of a few hundred bytes to a few KB each. A browser
 * fetches at most six at a time from one HTTP/1.1 origin, and each costs the main thread a task.
 * Merging them changes no page's bytes (every page loads them all), only the number of requests,
 * but which modules they are is known only after chunking. So `npm run build` builds the console
 * twice: a first pass (`CLOUDBAY_CHUNK_PLAN=write`, nothing written to dist) notes the antd modules
 * of the entry's static closure in a plan file, and the real build puts exactly those into one chunk
 * (group `antd-entry`), and likewise the antd modules the frame loads beyond the entry's
 * (group `antd-frame`: every signed-in page loads the frame, so again no framed page's bytes grow;
 * the few pages outside the frame that share some of them now load all of it, within the budget),
 * and the antd modules the home page adds to both (group `antd-home`: a few KB gzip that the pages
 * sharing some of them now load whole).
 * Without a plan (a plain `vite build`) the build is the same as before.
 * Rolldown cannot do this alone: a `test` sees modules before tree-shaking, and antd's barrel makes
 * every antd module reachable from the entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { staticClosure } from './first-load.ts';

export const CHUNK_PLAN_ENV = 'CLOUDBAY_CHUNK_PLAN';

/** Whether this build is the plan pass. */
export const isPlanPass = () => process.env[CHUNK_PLAN_ENV] === 'write';

interface PlanChunk {
  name: string;
  isEntry: boolean;
  facadeModuleId?: string | null;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/**
 * What the plan pass notes: the group's modules the entry loads (`entry`), and those the console's
 * frame (the shell every signed-in page sits in) loads beyond the entry's (`frame`).
 */
export interface ChunkPlan {
  entry: Set<string>;
  frame: Set<string>;
  /** The same for the home page, beyond the entry's and the frame's. */
  home: Set<string>;
}

function entryChunk(chunks: ReadonlyMap<string, PlanChunk>, entryName: string): string {
  const entry = [...chunks].find(([, chunk]) => chunk.isEntry && chunk.name === entryName);
  if (!entry) throw new Error(`no entry chunk named ${entryName}`);
  return entry[0];
}

/** The modules of `group` in the static closure of `start` but not of `loaded`, `start` itself left out. */
function groupModulesBeyond(
  chunks: ReadonlyMap<string, PlanChunk>,
  start: string,
  loaded: readonly string[],
  inGroup: (moduleId: string) => boolean,
): string[] {
  const before = loaded.length ? staticClosure(chunks, [...loaded]) : new Set<string>();
  const closure = staticClosure(chunks, [start]);
  closure.delete(start); // its own modules stay where they are
  return [...closure]
    .filter((file) => !before.has(file))
    .flatMap((file) => chunks.get(file)?.moduleIds.filter(inGroup) ?? [])
    .sort();
}

/** The modules of `group` (its test) in the chunks the entry chunk `entryName` imports statically. */
export function entryGroupModules(
  chunks: ReadonlyMap<string, PlanChunk>,
  entryName: string,
  inGroup: (moduleId: string) => boolean,
): string[] {
  return groupModulesBeyond(chunks, entryChunk(chunks, entryName), [], inGroup);
}

/**
 * The modules of `group` that the lazily loaded `module` (a chunk of its own) loads statically,
 * beyond what the entry chunk `entryName` loads and what the lazily loaded `loadedBefore` (the
 * frame, for a page inside it) load.
 */
export function lazyGroupModules(
  chunks: ReadonlyMap<string, PlanChunk>,
  entryName: string,
  module: string,
  inGroup: (moduleId: string) => boolean,
  loadedBefore: readonly string[] = [],
): string[] {
  const chunkOf = (id: string) => {
    const found = [...chunks].find(([, chunk]) => chunk.facadeModuleId === id);
    if (!found) throw new Error(`no chunk of its own for ${id}`);
    return found[0];
  };
  const loaded = [entryChunk(chunks, entryName), ...loadedBefore.map(chunkOf)];
  return groupModulesBeyond(chunks, chunkOf(module), loaded, inGroup);
}

/** No plan: no merged groups (a plain `vite build`, and the plan pass itself). */
export const emptyChunkPlan = (): ChunkPlan => ({ entry: new Set(), frame: new Set(), home: new Set() });

/** The plan the last plan pass wrote, or empty sets (no plan: no merged groups). */
export function readChunkPlan(planFile: string): ChunkPlan {
  if (!fs.existsSync(planFile)) return emptyChunkPlan();
  const plan = JSON.parse(fs.readFileSync(planFile, 'utf8')) as Record<keyof ChunkPlan, string[]>;
  return { entry: new Set(plan.entry), frame: new Set(plan.frame), home: new Set(plan.home) };
}

/**
 * In the plan pass: writes the plan (`planFile`) from the chunks of entry `entryName`, and keeps the
 * pass from writing dist. In the real build it does nothing; vite.config.ts reads the plan.
 */
export function entryChunkPlan(
  planFile: string,
  entryName: string,
  frameModule: string,
  homeModule: string,
  inGroup: (moduleId: string) => boolean,
): Plugin {
  return {
    name: 'cloudbay:entry-chunk-plan',
    apply: 'build',
    config: () => (isPlanPass() ? { build: { write: false } } : undefined),
    generateBundle(_options, bundle) {
      if (!isPlanPass()) return;
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output]] : [],
        ),
      );
      const entry = entryGroupModules(chunks, entryName, inGroup);
      const frame = lazyGroupModules(chunks, entryName, frameModule, inGroup);
      const home = lazyGroupModules(chunks, entryName, homeModule, inGroup, [frameModule]);
      fs.mkdirSync(path.dirname(planFile), { recursive: true });
      // A new file renamed over the old: worktrees may share the old one's inode (hard-linked copies).
      const temporary = `${planFile}.${process.pid}`;
      fs.writeFileSync(temporary, JSON.stringify({ entry, frame, home }));
      fs.renameSync(temporary, planFile);
      this.info(
        `chunk plan: ${entry.length} antd modules load with the entry, ${frame.length} more with the frame, ${home.length} with the home`,
      );
    },
  };
}
