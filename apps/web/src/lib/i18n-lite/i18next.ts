/**
 * The sign-in pages' stand-in for `i18next` (vite.auth.config.ts aliases the package here for src/auth, as it
 * aliases React to Preact): the part of its API that lib/i18n.ts and the modules the sign-in pages
 * import use, in ~1 KB instead of i18next's 16 KB gzip, whose set-up and lookups were a fifth of the
 * login page's script time on a slow phone (issue 15). Same answers as i18next for what it covers
 * (i18n-lite.test.ts compares every public string in both languages): `ns:key` and dotted keys,
 * the namespaces tried in order, the fallback language, `{{value}}` interpolation without escaping
 * (React escapes), `count` plurals (`_one`, `_other`…), `defaultValue`, a missing key answered
 * with itself. No formatting, nesting (`$t(…)`), context or backends: the public strings use none.
 */

type Bundle = Record<string, unknown>;

export interface LiteInitOptions {
  lng?: string;
  fallbackLng?: string;
  defaultNS?: string;
  ns?: readonly string[];
  resources?: Record<string, Record<string, Bundle>>;
}

export interface LiteTOptions {
  ns?: string | readonly string[];
  lng?: string;
  defaultValue?: string;
  count?: number;
  [variable: string]: unknown;
}

export type LiteT = (key: string | readonly string[], options?: LiteTOptions) => string;

interface LitePlugin {
  type?: string;
  init?: (instance: LiteI18n) => void;
}

const NS_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const PLACEHOLDER = /\{\{-?(.+?)\}\}/g;

/** What is at `path` (dotted) in `bundle`. */
function nodeAt(bundle: Bundle | undefined, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split(KEY_SEPARATOR)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Bundle)[part];
  }
  return node;
}

function lookUp(bundle: Bundle | undefined, path: string): string | undefined {
  const node = nodeAt(bundle, path);
  return typeof node === 'string' ? node : undefined;
}

/** i18next's rule: a value given (even undefined) fills in as a string, one never given stays as written. */
function interpolate(text: string, options: LiteTOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const path = name.trim();
    if (Object.prototype.hasOwnProperty.call(options, path)) {
      const value = options[path];
      return value === null || value === undefined ? '' : String(value as string);
    }
    const nested = lookUp(options as Bundle, path);
    return nested ?? placeholder;
  });
}

export class LiteI18n {
  language = '';
  private fallbackLanguage: string | undefined;
  private defaultNamespace = 'translation';
  private readonly bundles = new Map<string, Bundle>();
  private readonly plugins: LitePlugin[] = [];
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  use(plugin: LitePlugin): this {
    this.plugins.push(plugin);
    return this;
  }

  init(options: LiteInitOptions = {}): Promise<LiteT> {
    this.language = options.lng ?? options.fallbackLng ?? 'dev';
    this.fallbackLanguage = options.fallbackLng;
    if (options.defaultNS) this.defaultNamespace = options.defaultNS;
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, bundle] of Object.entries(namespaces)) {
        this.addResourceBundle(language, namespace, bundle);
      }
    }
    for (const plugin of this.plugins) plugin.init?.(this);
    return Promise.resolve(this.t);
  }

  /** Pages never switch in place (lib/i18n.ts reloads); tests do, before they render. */
  changeLanguage(language: string): Promise<LiteT> {
    this.language = language;
    return Promise.resolve(this.t);
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.bundles.has(`${language}/${namespace}`);
  }

  addResourceBundle(language: string, namespace: string, bundle: Bundle): this {
    const key = `${language}/${namespace}`;
    this.bundles.set(key, { ...this.bundles.get(key), ...bundle });
    return this;
  }

  /** The key's string in the first namespace, then language, that has it (i18next's order). */
  private resolve(key: string, options: LiteTOptions | undefined, namespaces: readonly string[]) {
    const split = key.indexOf(NS_SEPARATOR);
    const [spaces, path] = split > 0 ? [[key.slice(0, split)], key.slice(split + 1)] : [namespaces, key];
    const languages = [options?.lng ?? this.language];
    if (this.fallbackLanguage && !languages.includes(this.fallbackLanguage)) {
      languages.push(this.fallbackLanguage);
    }
    for (const namespace of spaces) {
      for (const language of languages) {
        const bundle = this.bundles.get(`${language}/${namespace}`);
        const paths =
          typeof options?.count === 'number'
            ? [`${path}_${this.plural(language, options.count)}`, path]
            : [path];
        for (const candidate of paths) {
          const node = nodeAt(bundle, candidate);
          if (typeof node === 'string') return { found: node, path };
          // A key of a group, not of a string: i18next's answer.
          if (node !== null && typeof node === 'object') {
            return { found: `key '${path} (${language})' returned an object instead of string.`, path };
          }
        }
      }
    }
    return { found: undefined, path };
  }

  private plural(language: string, count: number): string {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }

  /** Bound, so it can be handed around as i18next's `t` is. */
  readonly t: LiteT = (keys, options) => this.translate(keys, options);

  translate(keys: string | readonly string[], options?: LiteTOptions, fixedNs?: readonly string[]): string {
    const list = typeof keys === 'string' ? [keys] : keys;
    const requested = options?.ns;
    const namespaces =
      requested === undefined
        ? (fixedNs ?? [this.defaultNamespace])
        : typeof requested === 'string'
          ? [requested]
          : requested;
    let lastPath = '';
    for (const key of list) {
      const { found, path } = this.resolve(key, options, namespaces);
      if (found !== undefined) return interpolate(found, options);
      lastPath = path;
    }
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : lastPath;
  }

  /** A `t` whose keys without `ns:` are looked up in `namespaces`, in order. */
  getFixedT(_language: string | null, namespaces?: string | readonly string[]): LiteT {
    const fixed =
      namespaces === undefined ? undefined : typeof namespaces === 'string' ? [namespaces] : namespaces;
    return (keys, options) => this.translate(keys, options, fixed);
  }

  createInstance(): LiteI18n {
    return new LiteI18n();
  }
}

const i18next = new LiteI18n();
export default i18next;
