/**
 * Starts downloading the sign-in pages' strings as the first thing the entry does. Imported first
 * by main.tsx: modules run in import order, so the request goes out before React DOM's module is
 * evaluated (tens of milliseconds on a slow phone) instead of after it.
 */
import { loadPublicNamespaces } from '../lib/i18n';

/** Settles once the strings are there; a failure was logged, and the page renders anyway. */
export const publicStrings: Promise<void> = loadPublicNamespaces().catch((error: unknown) =>
  console.error(error),
);
