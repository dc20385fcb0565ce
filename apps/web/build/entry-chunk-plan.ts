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
 * The app's own modules get the same three groups (`app-entry`, `app-frame`, `app-home`): the
 * shell's and the home's small shared modules (session, paths, money, the avatar, …) were ~20 files
 * of 1–2 KB each on the first load. Unlike antd's, the app's entry group also takes the entry
 * chunk's own modules (all but the entry module): a group brings its modules' dependencies along,
 * and the frame's and home's app modules import the entry's (storage, the API client, …), which
 * would otherwise move into the frame's chunk and make the entry import it. Taken first by the
 * entry's group, they stay there.
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

/**
 * The modules of `group` (its test) in the chunks the entry chunk `entryName` imports statically;
 * `withEntryChunk`: also the entry chunk's own, but for the entry module itself.
 */
export function entryGroupModules(
  chunks: ReadonlyMap<string, PlanChunk>,
  entryName: string,
  inGroup: (moduleId: string) => boolean,
  withEntryChunk = false,
): string[] {
  const entry = entryChunk(chunks, entryName);
  const imported = groupModulesBeyond(chunks, entry, [], inGroup);
  if (!withEntryChunk) return imported;
  const { moduleIds, facadeModuleId } = chunks.get(entry)!;
  const own = moduleIds.filter((id) => id !== facadeModuleId && inGroup(id));
  return [...own, ...imported].sort();
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

/** The module families grouped: antd's, and the app's own (`src/`). */
export type PlanFamily = 'antd' | 'app';

/** Which modules a family has, and whether its entry group takes the entry chunk's own too. */
export interface FamilyRule {
  test: (moduleId: string) => boolean;
  withEntryChunk?: boolean;
}

export type ChunkPlans = Record<PlanFamily, ChunkPlan>;

const FAMILIES: readonly PlanFamily[] = ['antd', 'app'];

const emptyPlan = (): ChunkPlan => ({ entry: new Set(), frame: new Set(), home: new Set() });

/** No plan: no merged groups (a plain `vite build`, and the plan pass itself). */
export const emptyChunkPlans = (): ChunkPlans => ({ antd: emptyPlan(), app: emptyPlan() });

/** The plans the last plan pass wrote, or empty sets (no plan, or an older file: no merged groups). */
export function readChunkPlans(planFile: string): ChunkPlans {
  const plans = emptyChunkPlans();
  if (!fs.existsSync(planFile)) return plans;
  const written = JSON.parse(fs.readFileSync(planFile, 'utf8')) as Partial<
    Record<PlanFamily, Record<keyof ChunkPlan, string[]>>
  >;
  for (const family of FAMILIES) {
    const plan = written[family];
    if (plan)
      plans[family] = { entry: new Set(plan.entry), frame: new Set(plan.frame), home: new Set(plan.home) };
  }
  return plans;
}

/**
 * In the plan pass: writes each family's plan (`planFile`) from the chunks of entry `entryName`, and
 * keeps the pass from writing dist. In the real build it does nothing; vite.config.ts reads the plans.
 */
export function entryChunkPlan(
  planFile: string,
  entryName: string,
  frameModule: string,
  homeModule: string,
  families: Record<PlanFamily, FamilyRule>,
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
      const plans = Object.fromEntries(
        FAMILIES.map((family) => {
          const { test, withEntryChunk } = families[family];
          return [
            family,
            {
              entry: entryGroupModules(chunks, entryName, test, withEntryChunk),
              frame: lazyGroupModules(chunks, entryName, frameModule, test),
              home: lazyGroupModules(chunks, entryName, homeModule, test, [frameModule]),
            },
          ];
        }),
      ) as Record<PlanFamily, Record<keyof ChunkPlan, string[]>>;
      fs.mkdirSync(path.dirname(planFile), { recursive: true });
      // A new file renamed over the old: worktrees may share the old one's inode (hard-linked copies).
      const temporary = `${planFile}.${process.pid}`;
      fs.writeFileSync(temporary, JSON.stringify(plans));
      fs.renameSync(temporary, planFile);
      for (const family of FAMILIES) {
        const { entry, frame, home } = plans[family];
        this.info(
          `chunk plan: ${entry.length} ${family} modules load with the entry, ${frame.length} more with the frame, ${home.length} with the home`,
        );
      }
    },
  };
}
