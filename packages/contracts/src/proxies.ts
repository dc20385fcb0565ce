/**
 * Proxies for cloud phones (issue 19): static residential proxies bought from the cloud's pool
 * (`/zqgl/testIp`, `GET|POST /user/ph/proxy…`) and the customer's own proxies (`/zqgl/ownProxy`,
 * `/user/ph/own_proxy…`). Both bind to phones the same way: the engine sets the phone's proxy
 * policy (eds-aic NetRedirectPolicy). Every route answers 403 PHONE_ACCESS_DENIED without
 * `ph_white_user`.
 */
import { z } from 'zod';
import { periodField, quantityField } from './catalog';
import { resourceIdField } from './desktops';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional } from './filters';
import { orderSchema } from './orders';
import {
  OWN_PROXY_BULK_MAX_LINES,
  OWN_PROXY_CHECK_STATUSES,
  OWN_PROXY_REMARK_MAX,
  PROXY_PROTOCOLS,
  RESIDENTIAL_PROXY_STATUSES,
} from './proxy-constants';

const proxyIdField = z.string().trim().min(1).max(40);
export const proxyIdParams = z.object({ id: proxyIdField });

// ---------------------------------------------------------------------------------------------
// Residential proxies

/** GET /user/ph/proxy/pool: where residential IPs are offered and how many are left. */
export const proxyPoolEntrySchema = z.object({
  pool_id: z.string(),
  /** ISO country code. */
  country: z.string(),
  city: z.string(),
  isp: z.string(),
  stock: z.number().int(),
});
export type ProxyPoolEntry = z.infer<typeof proxyPoolEntrySchema>;

/** GET /user/ph/proxy/price: `quantity` proxies for `period` months. */
export const proxyPriceQuery = z.object({ period: periodField, quantity: quantityField.default(1) });

/** POST /user/ph/proxy (Idempotency-Key): buy `quantity` IPs of one pool entry from the balance. */
export const proxyPurchaseBody = z.object({
  pool_id: z.string().trim().min(1).max(40),
  protocol: z.enum(PROXY_PROTOCOLS).default('socks5'),
  period: periodField,
  quantity: quantityField.default(1),
  auto_renew: z.boolean().default(false),
  /** 1–30 characters; several are numbered name-1, name-2… Absent: the city. */
  name: optional(z.string().trim().min(1).max(30)),
  agreed: z.literal(true, { error: ErrorCode.AGREEMENT_REQUIRED }),
});
export type ProxyPurchaseBody = z.input<typeof proxyPurchaseBody>;
export const proxyPurchaseSchema = z.object({ order: orderSchema, proxy_ids: z.array(z.string()) });

/** A phone a proxy is bound to. */
export const boundPhoneSchema = z.object({ id: z.string(), name: z.string() });
export type BoundPhone = z.infer<typeof boundPhoneSchema>;

export const residentialProxySchema = z.object({
  /** The public id (`rp-…`). */
  id: z.string(),
  name: z.string(),
  status: z.string(),
  /** RESOURCE_STATUSES: how far creation got (a failed one is refunded). */
  resource_status: z.string(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  isp: z.string().nullable(),
  protocol: z.enum(PROXY_PROTOCOLS),
  /** The line's address and port; null until the cloud has made it. */
  address: z.string().nullable(),
  port: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  auto_renew: z.boolean(),
  bound_phone: boundPhoneSchema.nullable(),
  /** The last health check: round trip in ms (null: unreachable or never checked). */
  latency_ms: z.number().int().nullable(),
  checked_at: z.string().nullable(),
  created_at: z.string(),
  /** What the proxy's state allows now: bind, unbind, renew, auto_renew, check, credentials. */
  actions: z.array(z.string()),
});
export type ResidentialProxy = z.infer<typeof residentialProxySchema>;

export const residentialProxyListQuery = pageQuery.extend({
  /** Part of the name, the address or the city. */
  keyword: optional(z.string().trim().max(64)),
  status: optional(z.enum(RESIDENTIAL_PROXY_STATUSES)),
  country: optional(z.string().regex(/^[A-Z]{2}$/)),
  /** `yes` bound to a phone, `no` free. */
  bound: optional(z.enum(['yes', 'no'])),
});
export type ResidentialProxyListQuery = z.input<typeof residentialProxyListQuery>;
export const residentialProxyPageSchema = pageOf(residentialProxySchema);
export type ResidentialProxyPage = z.infer<typeof residentialProxyPageSchema>;

/** POST /user/ph/proxy/{id}/credentials: the line's login, read from the cloud (logged). */
export const proxyCredentialsSchema = z.object({
  protocol: z.enum(PROXY_PROTOCOLS),
  address: z.string(),
  port: z.number().int(),
  username: z.string(),
  password: z.string(),
});
export type ProxyCredentials = z.infer<typeof proxyCredentialsSchema>;

export const proxyBindBody = z.object({ phone_id: resourceIdField });
export type ProxyBindBody = z.infer<typeof proxyBindBody>;
export const proxyRenewBody = z.object({ period: periodField });
export const proxyRenewSchema = z.object({ order: orderSchema, proxy: residentialProxySchema });
export const proxyAutoRenewBody = z.object({ auto_renew: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Own proxies

const hostField = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, { error: ErrorCode.PROXY_HOST_INVALID });
const portField = z.coerce.number().int().min(1).max(65_535);

export const ownProxyBody = z.object({
  protocol: z.enum(PROXY_PROTOCOLS),
  host: hostField,
  port: portField,
  username: z.string().max(255).default(''),
  password: z.string().max(255).default(''),
  remark: z.string().trim().max(OWN_PROXY_REMARK_MAX).default(''),
});
export type OwnProxyBody = z.input<typeof ownProxyBody>;
/** PUT: the password is kept unless a new one is given. */
export const ownProxyUpdateBody = ownProxyBody.extend({ password: z.string().max(255).optional() });
export type OwnProxyUpdateBody = z.input<typeof ownProxyUpdateBody>;

/** POST /user/ph/own_proxy/bulk (Idempotency-Key): one `host:port:user:pass` per line. */
export const ownProxyBulkBody = z.object({
  protocol: z.enum(PROXY_PROTOCOLS),
  text: z.string().max(OWN_PROXY_BULK_MAX_LINES * 600),
});
export const ownProxyBulkSchema = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  /** One entry per non-blank line, by its 1-based line number. */
  lines: z.array(
    z.object({
      line: z.number().int(),
      ok: z.boolean(),
      proxy_id: z.string().nullable(),
      /** Why the line was refused (translated). */
      message: z.string().nullable(),
    }),
  ),
});
export type OwnProxyBulkResult = z.infer<typeof ownProxyBulkSchema>;

/** An own proxy in a list: never its password. */
export const ownProxySchema = z.object({
  id: z.string(),
  protocol: z.enum(PROXY_PROTOCOLS),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  has_password: z.boolean(),
  remark: z.string(),
  check_status: z.enum(OWN_PROXY_CHECK_STATUSES),
  check_error: z.string().nullable(),
  latency_ms: z.number().int().nullable(),
  checked_at: z.string().nullable(),
  bound_phones: z.array(boundPhoneSchema),
  created_at: z.string(),
});
export type OwnProxy = z.infer<typeof ownProxySchema>;

export const ownProxyListQuery = pageQuery.extend({
  /** Part of the host, the username or the remark. */
  keyword: optional(z.string().trim().max(64)),
  protocol: optional(z.enum(PROXY_PROTOCOLS)),
  check_status: optional(z.enum(OWN_PROXY_CHECK_STATUSES)),
});
export type OwnProxyListQuery = z.input<typeof ownProxyListQuery>;
export const ownProxyPageSchema = pageOf(ownProxySchema);
export type OwnProxyPage = z.infer<typeof ownProxyPageSchema>;
