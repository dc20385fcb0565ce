// jsdom tests render pages and components on their own, without main.tsx or the route loaders that
// fetch translations in the app, and switch between languages within one file. So tests get every
// namespace of both languages up front, synchronously; the app's lazy loading skips what is there.
import { parseLocalePath } from '../locales/groups';
import { i18n } from '../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function addAllLocales(): void {
  for (const [path, content] of Object.entries(files)) {
    const file = parseLocalePath(path);
    if (file) i18n.addResourceBundle(file.language, file.namespace, content);
  }
}
