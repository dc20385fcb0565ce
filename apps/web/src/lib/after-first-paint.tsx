import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` after the first commit, in a transition of its own: a page's sections below
 * the fold stay out of the console's first render (one long task at boot: shell, menu and page),
 * so the frame and the page's head show sooner, and React can yield to the browser between them.
 * Until then `fallback` (nothing by default) holds the place.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : fallback;
}
