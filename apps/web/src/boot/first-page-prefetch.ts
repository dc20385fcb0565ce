/**
 * The console's entry and first page start downloading right after the loader's first frame
 * (issue 15).
 *
 * This module is a second, dependency-free entry and the only script index.html names: the build
 * (build/first-load.ts) moves the console's entry script, its module preloads and the stylesheet
 * preloads out of the HTML into data this module reads. Once the inline loader's first frame is done
 * it adds them, and, with a stored session, module preloads of the shell's files,
 * the first page's and the running language's strings, so they download while the entry is still
 * evaluating (before, the shell's and the home page's ~70 files started only after the entry had
 * run: two waves back to back).
 *
 * Why after the paint: every resource named in the HTML costs the main thread a task as the parser
 * meets it, and the chunks that arrive first are compiled before the browser paints. With the
 * entry's ~17 tags in the HTML, the loader's first paint at 4× CPU came at ~470 ms; with them added
 * from here, at ~310 ms, and the console was usable no later beyond the run's noise. No imports, so
 * nothing else has to arrive before it runs; its keys mirror lib/storage.ts and lib/i18n.ts
 * (checked by its test).
 */

/** A stylesheet preload of the entry or the first page; `apply`: src/app/preloaded-styles.ts applies it. */
export interface StylePreload {
  href: string;
  apply: boolean;
}

/** The console's entry, taken out of index.html by the build. */
export interface EntryFiles {
  /** The entry's module script. */
  script: string;
  /** Its static imports, preloaded alongside. */
  modules: string[];
  /** The entry's stylesheets (applied by the entry) and the first page's (preloaded only). */
  styles: StylePreload[];
}

/** What the build writes into index.html (`<script type="application/json" id=…>`). */
export interface FirstPageFiles {
  /** The console's entry, which index.html does not name. */
  entry: EntryFiles;
  /** The console shell's files beyond the entry's (every signed-in console page needs them). */
  frame: string[];
  /** Per console path (the home), that page's files beyond the entry's and the frame's. */
  pages: Record<string, string[]>;
  /** Per language (zh-CN, en-US), the public and console strings' chunks. */
  strings: Record<string, string[]>;
}

export const FIRST_PAGE_FILES_ID = 'cloudbay-first-page';

/** lib/storage.ts: a support tab keeps its session in sessionStorage, every other tab in local storage. */
const TOKEN_KEY = 'token';
const SUPPORT_TAB_FLAG = 'support-view';
const LANGUAGE_KEY = 'lang';

function storedToken(): string | null {
  try {
    const store =
      window.sessionStorage.getItem(SUPPORT_TAB_FLAG) === '1' ? window.sessionStorage : window.localStorage;
    return store.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** lib/i18n.ts detectLanguage: 'en' → en-US, anything else zh-CN. */
function storedLanguage(): string {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en-US' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

/** The files to preload for `pathname`: none without a session (the guard sends the visitor to sign in). */
export function firstPageFiles(
  files: FirstPageFiles,
  pathname: string,
  signedIn: boolean,
  language: string,
): string[] {
  if (!signedIn) return [];
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [...(files.strings[language] ?? []), ...files.frame, ...(files.pages[path] ?? [])];
}

function addLink(doc: Document, rel: string, href: string, marks: Record<string, string> = {}): void {
  const link = doc.createElement('link');
  link.rel = rel;
  // The request mode of a module script, so the preloads are used, not fetched again.
  link.crossOrigin = '';
  link.href = href;
  for (const [name, value] of Object.entries(marks)) link.setAttribute(name, value);
  doc.head.appendChild(link);
}

/**
 * Adds the entry's stylesheet preloads (before its script runs: it applies the marked ones), its
 * module preloads and its script.
 */
export function startEntry(entry: EntryFiles, doc: Document = document): void {
  for (const style of entry.styles)
    addLink(doc, 'preload', style.href, { as: 'style', ...(style.apply ? { 'data-apply': '' } : {}) });
  for (const href of entry.modules) addLink(doc, 'modulepreload', href);
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry.script;
  doc.head.appendChild(script);
}

/** Starts the entry the build took out of the HTML and preloads the first page's files. */
export function startConsole(doc: Document = document): void {
  const data = doc.getElementById(FIRST_PAGE_FILES_ID)?.textContent;
  if (!data) return;
  const files = JSON.parse(data) as FirstPageFiles;
  startEntry(files.entry, doc);
  const firstPage = firstPageFiles(files, window.location.pathname, storedToken() !== null, storedLanguage());
  for (const href of firstPage) addLink(doc, 'modulepreload', href);
}

/**
 * Runs `start` once the loader's first frame is done: in a task after the first animation frame
 * (its style, layout and paint follow the callback in that same frame), or after `latestMs` in a
 * tab that runs no animation frames (a background tab).
 *
 * Not Paint Timing's `first-contentful-paint` entry: it reaches the page when the frame is shown,
 * through the GPU and browser processes, 100–130 ms after the paint at 4× CPU on this machine, and
 * every file started that much later. A/B at 4× (12 and 20 loads): usable 1 782 → 1 703 and
 * 1 819 → 1 791 ms, first paint 276 → 248 and 296 → 272 ms.
 */
export function afterFirstFrame(start: () => void, latestMs = 1000): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  setTimeout(once, latestMs);
  requestAnimationFrame(() => setTimeout(once, 0));
}

// In index.html the file list stands before this module's script; elsewhere (the build's config
// imports the types, tests import the functions) there is nothing to start.
if (typeof document !== 'undefined' && document.getElementById(FIRST_PAGE_FILES_ID)) {
  afterFirstFrame(() => startConsole());
}
