/** The proxies' constants (issue 19), zod-free so the web can import them from `core`. */

export const PROXY_PROTOCOLS = ['socks5', 'http'] as const;
export type ProxyProtocol = (typeof PROXY_PROTOCOLS)[number];

/** A residential proxy's run status (the cloud's). */
export const RESIDENTIAL_PROXY_STATUSES = ['creating', 'available', 'releasing', 'released'] as const;
export type ResidentialProxyStatus = (typeof RESIDENTIAL_PROXY_STATUSES)[number];

/** An own proxy's last check: never run, passed, failed. */
export const OWN_PROXY_CHECK_STATUSES = ['unchecked', 'ok', 'failed'] as const;
export type OwnProxyCheckStatus = (typeof OWN_PROXY_CHECK_STATUSES)[number];

/** Why a connectivity check failed (stored with the proxy, translated by the web). */
export const PROXY_CHECK_FAILURES = [
  'timeout',
  'unreachable',
  'auth_failed',
  'connect_rejected',
  'protocol_error',
  'host_unresolved',
  'address_refused',
] as const;
export type ProxyCheckFailure = (typeof PROXY_CHECK_FAILURES)[number];

/** Lines one bulk paste may hold. */
export const OWN_PROXY_BULK_MAX_LINES = 500;
export const OWN_PROXY_REMARK_MAX = 100;

/**
 * Where the proxy a phone uses comes from: a bought residential proxy, an own proxy, or its proxy
 * set's first enabled configuration (saved through /proxySet).
 */
export const PHONE_PROXY_SOURCES = ['residential', 'own', 'proxy_set'] as const;
export type PhoneProxySource = (typeof PHONE_PROXY_SOURCES)[number];
