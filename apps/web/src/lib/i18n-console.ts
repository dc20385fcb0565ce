/**
 * The console's translations: every namespace outside the public group (a new feature's lands here
 * by default), loaded with the console shell. Kept out of i18n.ts so the sign-in pages, which load
 * only the public group, do not carry the list of the console's locale files.
 */
import type { FlatNamespace } from 'i18next';
import { groupOf } from '../locales/groups';
import { loadNamespaces, registerLocaleFiles, type LocaleBundle } from './i18n';

const CONSOLE_NAMESPACES: FlatNamespace[] = [
  ...registerLocaleFiles(import.meta.glob<LocaleBundle>('../locales/*/*.json', { import: 'default' })),
].filter((namespace) => groupOf(namespace) === 'console');

/** Everything else, loaded with the console shell (and by the few open pages that need a part of it). */
export function loadConsoleNamespaces(): Promise<void> {
  return loadNamespaces(CONSOLE_NAMESPACES);
}

/**
 * A route loader that settles only once the console's translations are there too, loading both in
 * parallel: react-router renders a route only after its `lazy` settles, so nothing below it can
 * show an untranslated key.
 */
export function withConsoleNamespaces<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadConsoleNamespaces()]))[0];
}
