/**
 * The list of the console's first-load files that the build writes into the auth pages' HTML
 * (apps/web/build/console-prefetch.ts) and the auth pages read (console-prefetch.ts). Free of
 * imports: the build's config loads this file in Node.
 */

/** What the first console page after a login downloads, as URLs. */
export interface ConsoleAssets {
  /** The entry's script chain and styles, and those of the shell and the home page. */
  files: string[];
  /** The console's strings per language (`zh-CN`, `en-US`): only the running one is fetched. */
  locales: Record<string, string[]>;
}

/** The id of the JSON script element that carries the list. */
export const CONSOLE_ASSETS_ELEMENT_ID = 'console-assets';

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The list the build wrote into the page, or undefined (development, or a damaged page). */
export function readConsoleAssets(doc: Document = document): ConsoleAssets | undefined {
  const text = doc.getElementById(CONSOLE_ASSETS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<ConsoleAssets>;
    const locales = parsed.locales ?? {};
    if (!isStringArray(parsed.files) || !Object.values(locales).every(isStringArray)) return undefined;
    return { files: parsed.files, locales };
  } catch {
    return undefined;
  }
}
