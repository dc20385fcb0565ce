/**
 * How the locale files are split for loading. Shared by the app (lib/i18n.ts) and the build
 * (vite.config.ts), so the chunks the build makes are exactly the sets the app asks for.
 *
 * Only the running language is ever downloaded. Its public namespaces (what the anonymous pages,
 * the request client and the error pages use) arrive in one small chunk before the first render;
 * every other namespace, including each new feature's, arrives in one more chunk with the console.
 */

/** The namespaces of the anonymous pages (login, register, forget, 404, 401), errors and requests. */
export const PUBLIC_NAMESPACES = ['common', 'errors', 'request', 'account'] as const;

/**
 * Namespaces that only one feature's pages show, by name: their own chunk per language, loaded with
 * those pages (their route loaders are wrapped in withFeatureNamespaces) and not with the shell, so
 * the shell's strings do not grow with every feature. The cloud phone pages: every `phone…` namespace;
 * the operators' system, monitor and business pages: every `system…`, `monitor…` and `business…`
 * namespace (customers never download them); and a few single pages' (see below).
 */
export const FEATURE_GROUPS = {
  // The app, backup and task centres' own strings (issue 20) and the open landing page's: each with
  // its page (before `phones`, which would take them), so the other phone pages do not carry them.
  phoneApps: /^phoneApps(Admin)?$/,
  phoneBackups: /^phoneBackups$/,
  phoneTasks: /^phoneTasks$/,
  phoneLanding: /^phoneLanding$/,
  phones: /^phone/,
  // The operators' pages: the list pieces' strings every one of them shows (systemShared), then the
  // business pages' (issue 18) and the system and monitor pages' apart, so neither carries the other's.
  adminShared: /^systemShared$/,
  business: /^business[A-Z]/,
  admin: /^(system|monitor)[A-Z]/,
  // The network pages' own strings (proxies, office networks; the EIP pages share the bandwidth
  // field and traffic drawer), the desktop buy page's and the desktop monitoring page's: one page
  // or menu each, so the console chunk every page loads does not carry them.
  network: /^(networkProxies|officeSites)$/,
  desktopBuy: /^desktopBuy$/,
  monitoring: /^monitoring$/,
  // The open gift page (issue 22, part G2): a public landing, its strings with it alone.
  giftPage: /^giftPage$/,
  // The main account's sub-account page and a sub-account console's banner (issue 21).
  subAccounts: /^subAccounts$/,
  // The proxy set's page and the link dialog the desktop and phone lists open (issue 19):
  // features/network/proxy-set/link/load.ts brings them with the dialog.
  proxySet: /^proxySet$/,
  // The referral rebate page (issue 22).
  referral: /^referral$/,
  // The spending statistics page and the home page's spending card (issue 22).
  statistics: /^statistics$/,
} as const;

export type FeatureGroup = keyof typeof FEATURE_GROUPS;
export type LocaleGroup = 'public' | 'console' | FeatureGroup;

const LOCALE_FILE = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/;

/** The language and namespace of a locale file's path (`…/locales/<language>/<namespace>.json`). */
export function parseLocalePath(path: string): { language: string; namespace: string } | undefined {
  const match = LOCALE_FILE.exec(path);
  if (!match) return undefined;
  const [, language = '', namespace = ''] = match;
  return { language, namespace };
}

export function groupOf(namespace: string): LocaleGroup {
  if ((PUBLIC_NAMESPACES as readonly string[]).includes(namespace)) return 'public';
  const feature = (Object.keys(FEATURE_GROUPS) as FeatureGroup[]).find((group) =>
    FEATURE_GROUPS[group].test(namespace),
  );
  return feature ?? 'console';
}

/**
 * The chunk a module goes into if it is a locale file: one per language and group, so a group
 * costs one request however many namespaces it holds. Anything else: null (normal chunking).
 */
export function localeChunkName(moduleId: string): string | null {
  const file = parseLocalePath(moduleId);
  return file ? `locales-${file.language}-${groupOf(file.namespace)}` : null;
}
