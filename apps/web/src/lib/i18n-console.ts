/**
 * The console's translations: every namespace outside the public group (a new feature's lands here
 * by default), loaded with the console shell, except a feature group's (locales/groups.ts), loaded
 * with that feature's pages. Kept out of i18n.ts so the sign-in pages, which load
 * only the public group, do not carry the list of the console's locale files.
 */
import type { FlatNamespace } from 'i18next';
import { groupOf, type FeatureGroup, type LocaleGroup } from '../locales/groups';
import { loadNamespaces, registerLocaleFiles, type LocaleBundle } from './i18n';

const NAMESPACES: FlatNamespace[] = [
  ...registerLocaleFiles(import.meta.glob<LocaleBundle>('../locales/*/*.json', { import: 'default' })),
];
const namespacesOf = (group: LocaleGroup) => NAMESPACES.filter((namespace) => groupOf(namespace) === group);
const CONSOLE_NAMESPACES = namespacesOf('console');

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

/**
 * A route loader for a page of `group`'s feature (locales/groups.ts): settles once the feature's
 * own translations are there too, loaded in parallel with the page's code (and with the console's
 * where the route is also wrapped in withConsoleNamespaces).
 */
export function withFeatureNamespaces<T>(group: FeatureGroup, load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadFeatureNamespaces(group)]))[0];
}

/** A feature group's own translations, for a part of it another feature's page loads on demand. */
export function loadFeatureNamespaces(group: FeatureGroup): Promise<void> {
  return loadNamespaces(namespacesOf(group));
}
