/**
 * The built index.html preloads the entry's stylesheet (antd's styles and the app's global CSS)
 * instead of linking it, so the inline loader paints without waiting for it (build/first-load.ts).
 * This applies it: as the head's first stylesheet, ahead of the pages' stylesheets Vite adds later,
 * so the app's rules keep overriding antd's as before.
 */

/** Must match APPLY_ATTRIBUTE in build/first-load.ts. */
const PRELOADED = 'link[rel="preload"][as="style"][data-apply]';

/**
 * Adds a stylesheet for each marked preload and settles once they have loaded (or failed: the app
 * is more use unstyled than blank), so the first render is styled. Nothing to do in the dev server,
 * where Vite injects the CSS itself.
 */
export function applyPreloadedStyles(doc: Document = document): Promise<void> {
  const preloads = [...doc.head.querySelectorAll<HTMLLinkElement>(PRELOADED)];
  const firstStyle = doc.head.querySelector('link[rel="stylesheet"], style');
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          link.href = preload.href;
          // The same request mode as the preload, or the browser downloads it again.
          if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
          link.addEventListener('load', () => resolve());
          link.addEventListener('error', () => resolve());
          doc.head.insertBefore(link, firstStyle);
        }),
    ),
  ).then(() => undefined);
}
