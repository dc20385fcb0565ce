/**
 * The console's first page starts downloading before the console's entry has run (issue 15).
 *
 * index.html's entry is ~50 files that Chromium must fetch, compile and evaluate before main.tsx
 * runs; at 4× CPU that takes about a second, and only then did the shell's and the home page's
 * chunks (another ~70 files) start: the page waited for two waves back to back. This module is a
 * second, dependency-free entry that index.html runs first (build/first-load.ts puts its script
 * before the console's): with a stored session it module-preloads the shell's files, the first
 * page's and the running language's strings right after the loader's first contentful paint, so they download
 * while the entry is still evaluating. It waits for that paint because preloads that arrive with the
 * HTML hold the loader's first paint back. No imports, so nothing else has to arrive before it runs;
 * its keys mirror lib/storage.ts and lib/i18n.ts (checked by its test).
 */

/** What the build writes into index.html (`<script type="application/json" id=…>`). */
export interface FirstPageFiles {
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

export function preloadFirstPage(doc: Document = document): void {
  const data = doc.getElementById(FIRST_PAGE_FILES_ID)?.textContent;
  if (!data) return;
  const files = firstPageFiles(
    JSON.parse(data) as FirstPageFiles,
    window.location.pathname,
    storedToken() !== null,
    storedLanguage(),
  );
  for (const href of files) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
}

/**
 * Runs `start` once the loader has painted its first content (Paint Timing), or after `latestMs`
 * when the browser reports no paint (a background tab does not paint).
 */
export function afterFirstContentfulPaint(start: () => void, latestMs = 1000): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  setTimeout(once, latestMs);
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      // The paint entry arrives as that frame is presented: start in the next task.
      setTimeout(once, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    once(); // no Paint Timing: start at once rather than after the timeout
  }
}

// In index.html the file list stands before this module's script; elsewhere (the build's config
// imports the types, tests import the functions) there is nothing to start.
if (typeof document !== 'undefined' && document.getElementById(FIRST_PAGE_FILES_ID)) {
  afterFirstContentfulPaint(() => preloadFirstPage());
}
