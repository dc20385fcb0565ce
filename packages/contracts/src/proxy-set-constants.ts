/**
 * The proxy set (spec §3 Proxy configuration, §5, issue 19): what a desktop or phone client applies,
 * edited at /proxySet through a link holding a token scoped to that one resource. Zod-free, so the
 * console can build links and word limits without the schema (which only /proxySet loads).
 */

/** The proxy protocols a configuration may use (eds-aic NetRedirectPolicy speaks socks5; http for browsers). */
export const PROXY_TYPES = ['socks5', 'http'] as const;
export type ProxyType = (typeof PROXY_TYPES)[number];

/**
 * How a configuration's rule domains are read: `blacklist` sends everything through the proxy
 * except the listed domains; `whitelist` sends only the listed domains through it.
 */
export const PROXY_RULE_MODES = ['blacklist', 'whitelist'] as const;
export type ProxyRuleMode = (typeof PROXY_RULE_MODES)[number];

/**
 * A rule domain (spec §5: "only the *.x.y pattern"): `*.` then at least two DNS labels, e.g.
 * `*.google.com` or `*.example.co.uk`. Labels are letters, digits and inner hyphens, 1–63 long.
 */
export const PROXY_RULE_DOMAIN_PATTERN = /^\*(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-)){2,}$/;
export const PROXY_RULE_DOMAIN_MAX_LENGTH = 253;

/** eds-aic's NetRedirectPolicy takes at most 100 rules per proxy. */
export const PROXY_RULES_MAX = 100;
/** At least one configuration is kept (spec §5); this many at most. */
export const PROXY_SET_MAX_CONFIGS = 20;
export const PROXY_CREDENTIAL_MAX_LENGTH = 255;

/** The header the proxy set's public API reads its token from (a header stays out of URL logs). */
export const PROXY_SET_TOKEN_HEADER = 'x-proxy-token';
/**
 * The web page a proxy settings link opens: `/proxySet?id=<resource id>#token=…`. The token rides in
 * the fragment, which browsers never send, so no server or proxy access log ever sees it (the page
 * also reads spec §2's `?token=`, and moves it into the fragment).
 */
export const PROXY_SET_PATH = '/proxySet';

/** The resource kinds that have a proxy set: their clients apply it. */
export const PROXY_SET_KINDS = ['desktop', 'phone'] as const;
export type ProxySetKind = (typeof PROXY_SET_KINDS)[number];

export function isProxyRuleDomain(value: string): boolean {
  return value.length <= PROXY_RULE_DOMAIN_MAX_LENGTH && PROXY_RULE_DOMAIN_PATTERN.test(value);
}

/** The link a customer hands to a client: the page, the resource and, in the fragment, the token. */
export function proxySetLink(origin: string, resourceId: string, token: string): string {
  return `${origin}${PROXY_SET_PATH}?id=${encodeURIComponent(resourceId)}#token=${encodeURIComponent(token)}`;
}
