/**
 * Keeps every console page's first load within issue 15's budget as pages are added: after the
 * console build has written its files, the build weighs each page of the route table as
 * `npm run bench:web-pages` does (bench/lib/console-pages.ts: the entry, its public strings, the
 * shell and the console's strings for a page inside the frame, the page's chunk and its static
 * imports, each gzipped at the best level; what a page imports dynamically, such as ECharts, is not
 * counted) and fails when one is over 350 KB gzip. A page that fails: make what its first screen does
 * not show a lazy part (docs/architecture.md "What a page loads first").
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { consolePageWeights, PAGE_BUDGET_BYTES, pagesOverBudget } from '../../../bench/lib/console-pages.ts';
import type { Manifest, PageWeight } from '../../../bench/lib/first-load.ts';
import { CONSOLE_MANIFEST } from './entries.ts';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The build's message for the pages over `budgetBytes`, or undefined when every page is within it. */
export function pageBudgetProblem(
  weights: readonly PageWeight[],
  budgetBytes = PAGE_BUDGET_BYTES,
): string | undefined {
  const over = pagesOverBudget(weights, budgetBytes);
  if (!over.length) return undefined;
  const pages = over.map(
    (weight) => `${weight.route} ${kb(weight.bytes)} KB (its own ${kb(weight.ownBytes)})`,
  );
  return (
    `first-load JS over the ${kb(budgetBytes)} KB gzip budget of a console page: ${pages.join(', ')}; ` +
    'load what the first screen does not show on demand (lib/lazy-part.tsx); `npm run bench:web-pages` lists every page'
  );
}

/** `webRoot`: apps/web, where the route table and the locale files are. */
export function pageBudget(webRoot: string): Plugin {
  return {
    name: 'cloudbay:page-budget',
    apply: 'build',
    // After every generateBundle hook: Vite's manifest is part of the bundle by then.
    writeBundle(_options, bundle) {
      const manifestFile = bundle[CONSOLE_MANIFEST];
      if (manifestFile?.type !== 'asset') {
        this.error(`the page budget needs the build's ${CONSOLE_MANIFEST} (build.manifest)`);
      }
      const manifest = JSON.parse(String(manifestFile.source)) as Manifest;
      const size = (file: string) => {
        const output = bundle[file];
        if (output?.type !== 'chunk') throw new Error(`the bundle has no chunk ${file}`);
        return gzipSync(output.code, { level: 9 }).length;
      };
      const problem = pageBudgetProblem(consolePageWeights(manifest, webRoot, size));
      if (problem) this.error(problem);
    },
  };
}
