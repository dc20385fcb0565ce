/**
 * Every page's first-load JS in a console build, read from the build's manifest, the route table's
 * source and the locale files: the `bench:web-pages` table (bench/web.ts) and the build's page
 * budget (apps/web/build/page-budget.ts) weigh the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { groupOf, localeChunkName, type LocaleGroup } from '../../apps/web/src/locales/groups.ts';
import { chunkNamed, pageWeights, routeModules, type Manifest, type PageWeight } from './first-load.ts';

export const ROUTER_FILE = 'src/app/router.tsx';
/** Route table groups whose pages render inside the console shell (`frame`). */
export const INSIDE_FRAME = ['console', 'pages', 'innerLink'];
/** The language a first visit gets (lib/i18n.ts: zh-CN unless `lang` says otherwise). */
export const LANGUAGE = 'zh-CN';
/** The issue-15 goal: no console page's first load above this (ECharts pages' chart chunk apart). */
export const PAGE_BUDGET_BYTES = 350 * 1024;

/**
 * The weight of the console entry and of each page of `routeTable` (bench/lib/first-load.ts
 * `pageWeights`) in the console build of `webRoot` (apps/web), each file weighed by `size`.
 */
export function consolePageWeights(
  manifest: Manifest,
  webRoot: string,
  size: (file: string) => number,
): PageWeight[] {
  const readModule = (modulePath: string) => {
    const file = ['.ts', '.tsx'].map((ext) => path.join(webRoot, modulePath + ext)).find(fs.existsSync);
    return file && fs.readFileSync(file, 'utf8');
  };
  const modules = routeModules(readModule(ROUTER_FILE.replace(/\.tsx$/, ''))!, ROUTER_FILE, readModule);
  // The chunk of a locale group, named by the build's own rule from one of the group's files.
  const localeDir = path.join(webRoot, 'src/locales', LANGUAGE);
  const localeChunk = (group: LocaleGroup) => {
    const file = fs.readdirSync(localeDir).find((name) => groupOf(path.basename(name, '.json')) === group);
    if (!file) throw new Error(`no ${group} locale file in ${localeDir}`);
    return chunkNamed(manifest, localeChunkName(path.join(localeDir, file))!);
  };
  return pageWeights(manifest, modules, {
    insideFrame: INSIDE_FRAME,
    locales: { public: localeChunk('public'), console: localeChunk('console') },
    size,
  });
}

/** The pages (not the entry rows) whose first load is over `budgetBytes`. */
export function pagesOverBudget(
  weights: readonly PageWeight[],
  budgetBytes = PAGE_BUDGET_BYTES,
): PageWeight[] {
  return weights.filter((weight) => weight.group !== 'entry' && weight.bytes > budgetBytes);
}
