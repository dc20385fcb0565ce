/**
 * The proxy set's schemas (spec §3 Proxy configuration, §5, §8; issue 19): one list of proxy
 * configurations per desktop or phone. The same schema checks the PUT on the server, a JSON file
 * imported on /proxySet (the page imports `@cloudbay/contracts/proxy-set`, its only zod), and is
 * published as JSON Schema at GET /api/proxy_set/schema.
 */
import { z } from 'zod';
import { ErrorCode } from './errors';
import {
  PROXY_CREDENTIAL_MAX_LENGTH,
  PROXY_RULES_MAX,
  PROXY_RULE_DOMAIN_MAX_LENGTH,
  PROXY_RULE_DOMAIN_PATTERN,
  PROXY_RULE_MODES,
  PROXY_SET_KINDS,
  PROXY_SET_MAX_CONFIGS,
  PROXY_TYPES,
} from './proxy-set-constants';
import { PHONE_PROXY_SOURCES } from './proxy-constants';

const port = z
  .number({ error: ErrorCode.PROXY_PORT_INVALID })
  .int({ error: ErrorCode.PROXY_PORT_INVALID })
  .min(1, { error: ErrorCode.PROXY_PORT_INVALID })
  .max(65535, { error: ErrorCode.PROXY_PORT_INVALID });

/** A rule domain: only `*.x.y` (spec §5). */
export const proxyRuleDomain = z
  .string()
  .max(PROXY_RULE_DOMAIN_MAX_LENGTH, { error: ErrorCode.PROXY_RULE_DOMAIN_INVALID })
  .regex(PROXY_RULE_DOMAIN_PATTERN, { error: ErrorCode.PROXY_RULE_DOMAIN_INVALID });

export const proxyRulesSchema = z
  .object({
    mode: z.enum(PROXY_RULE_MODES),
    domains: z.array(proxyRuleDomain).max(PROXY_RULES_MAX, { error: ErrorCode.PROXY_RULES_TOO_MANY }),
  })
  .strict()
  .refine((rules) => rules.mode !== 'whitelist' || rules.domains.length > 0, {
    error: ErrorCode.PROXY_WHITELIST_EMPTY,
    path: ['domains'],
  });

/** One proxy configuration (spec §3): enabled flag, type, IP, TCP and UDP ports, credentials, rules. */
export const proxyConfigSchema = z
  .object({
    enabled: z.boolean(),
    type: z.enum(PROXY_TYPES),
    ip: z.union([z.ipv4(), z.ipv6()], { error: ErrorCode.PROXY_IP_INVALID }),
    tcp_port: port,
    /** SOCKS5 UDP relay port; null when the proxy relays no UDP (an HTTP proxy never does). */
    udp_port: port.nullable(),
    username: z.string().max(PROXY_CREDENTIAL_MAX_LENGTH),
    /** Shown to the link's holder (it is their client's configuration), masked in the operation log. */
    password: z.string().max(PROXY_CREDENTIAL_MAX_LENGTH),
    rules: proxyRulesSchema,
  })
  .strict();
export type ProxyConfig = z.infer<typeof proxyConfigSchema>;

/**
 * PUT /api/proxy_set/{resource_id}, and the JSON file the page imports and exports: the whole list,
 * at least one configuration (spec §5).
 */
export const proxySetBody = z
  .object({
    configs: z
      .array(proxyConfigSchema)
      .min(1, { error: ErrorCode.PROXY_SET_EMPTY })
      .max(PROXY_SET_MAX_CONFIGS, { error: ErrorCode.PROXY_SET_TOO_MANY }),
  })
  .strict();
export type ProxySetBody = z.infer<typeof proxySetBody>;

/** GET /api/proxy_set/{resource_id}: the resource the token opens and its list (empty until saved). */
export const proxySetSchema = z.object({
  resource_id: z.string(),
  kind: z.enum(PROXY_SET_KINDS),
  name: z.string(),
  configs: z.array(proxyConfigSchema),
  updated_at: z.iso.datetime().nullable(),
  /**
   * A phone's proxy as the cloud applies it now: its set's first enabled configuration once saved,
   * or a bound residential or own proxy (which saving an enabled configuration replaces); null:
   * direct, and always for a desktop (its client applies the set itself).
   */
  applied: z
    .object({
      source: z.enum(PHONE_PROXY_SOURCES),
      type: z.enum(PROXY_TYPES),
      host: z.string().nullable(),
      port: z.number().int().nullable(),
    })
    .nullable()
    .optional(),
});
export type ProxySet = z.infer<typeof proxySetSchema>;

export const proxySetParams = z.object({ resource_id: z.string().trim().min(1).max(40) });
/** The token travels in a header; its shape is checked before any lookup. */
export const proxySetTokenHeaders = z.object({ 'x-proxy-token': z.string().trim().min(20).max(100) });

/** A resource's proxy settings link as the console sees it: whether one is live, never its token. */
export const proxyLinkStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.iso.datetime().nullable(),
  last_used_at: z.iso.datetime().nullable(),
});
export type ProxyLinkStatus = z.infer<typeof proxyLinkStatusSchema>;

/** POST …/proxy_link: a new link (the previous one dies); the token is answered this once. */
export const proxyLinkCreatedSchema = proxyLinkStatusSchema.extend({ token: z.string() });
export type ProxyLinkCreated = z.infer<typeof proxyLinkCreatedSchema>;

/** The published JSON Schema of the import file (draft 2020-12), what GET /api/proxy_set/schema serves. */
export function proxySetJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(proxySetBody, { io: 'input' }) as Record<string, unknown>;
  return {
    ...schema,
    title: 'Cloudbay proxy set',
    description:
      'The proxy configurations of one cloud desktop or phone, as exported from /proxySet and imported there.',
  };
}
