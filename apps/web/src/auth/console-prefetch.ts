/**
 * While a visitor types on an auth page, the console's first-load files are fetched into the HTTP
 * cache (`<link rel="prefetch">`: downloaded at idle priority, never executed), so the console
 * that opens after the login starts from cache. The build lists the files in the auth pages' HTML
 * (apps/web/build/console-prefetch.ts); in development there is no list and nothing is fetched.
 */
import { currentLanguage } from '../lib/i18n';
import { readConsoleAssets } from './console-assets';

/** Adds a prefetch link for each of the console's first-load files (once per file). */
export function prefetchConsole(doc: Document = document): number {
  const assets = readConsoleAssets(doc);
  if (!assets) return 0;
  const known = new Set(
    [...doc.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) =>
      link.getAttribute('href'),
    ),
  );
  const urls = [...assets.files, ...(assets.locales[currentLanguage()] ?? [])].filter(
    (url) => !known.has(url),
  );
  for (const url of urls) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    link.setAttribute('as', url.endsWith('.css') ? 'style' : 'script');
    doc.head.append(link);
  }
  return urls.length;
}

/** prefetchConsole once the browser is idle (soon, where requestIdleCallback is missing). */
export function prefetchConsoleWhenIdle(): void {
  const task = () => void prefetchConsole();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task);
  else setTimeout(task, 1);
}
