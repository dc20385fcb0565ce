import { describe, expect, it } from 'vitest';
import { isProxyRuleDomain, proxySetLink } from './proxy-set-constants';
import { proxySetBody, proxySetJsonSchema } from './proxy-set';

const config = (patch: Record<string, unknown> = {}) => ({
  enabled: true,
  type: 'socks5',
  ip: '198.51.100.7',
  tcp_port: 1080,
  udp_port: null,
  username: '',
  password: '',
  rules: { mode: 'blacklist', domains: [] },
  ...patch,
});

const messagesOf = (value: unknown) =>
  proxySetBody.safeParse(value).error?.issues.map((issue) => issue.message);

describe('rule domains (spec §5: only *.x.y)', () => {
  it.each(['*.google.com', '*.mail.google.com', '*.example.co.uk', '*.xn--fiqs8s.cn', '*.A1-b.io'])(
    'accepts %s',
    (domain) => expect(isProxyRuleDomain(domain)).toBe(true),
  );
  it.each([
    'google.com',
    '*.com',
    '*google.com',
    '**.google.com',
    '*.google.com.',
    '*.-google.com',
    '*.google-.com',
    '*.goo_gle.com',
    '*.goo gle.com',
    'a.*.google.com',
    `*.${'a'.repeat(64)}.com`,
    '',
  ])('refuses %j', (domain) => expect(isProxyRuleDomain(domain)).toBe(false));
});

describe('the proxy set schema', () => {
  it('takes a list of one or more configurations', () => {
    expect(proxySetBody.safeParse({ configs: [config()] }).success).toBe(true);
    expect(messagesOf({ configs: [] })).toEqual(['PROXY_SET_EMPTY']);
  });

  it('names each fault with its error code', () => {
    expect(
      messagesOf({ configs: [config({ rules: { mode: 'blacklist', domains: ['google.com'] } })] }),
    ).toEqual(['PROXY_RULE_DOMAIN_INVALID']);
    expect(messagesOf({ configs: [config({ rules: { mode: 'whitelist', domains: [] } })] })).toEqual([
      'PROXY_WHITELIST_EMPTY',
    ]);
    expect(messagesOf({ configs: [config({ ip: '300.1.1.1' })] })).toEqual(['PROXY_IP_INVALID']);
    expect(messagesOf({ configs: [config({ tcp_port: 0 })] })).toEqual(['PROXY_PORT_INVALID']);
    expect(messagesOf({ configs: [config({ udp_port: 1.5 })] })).toEqual(['PROXY_PORT_INVALID']);
    const many = Array.from({ length: 101 }, (_, i) => `*.d${i}.com`);
    expect(messagesOf({ configs: [config({ rules: { mode: 'blacklist', domains: many } })] })).toEqual([
      'PROXY_RULES_TOO_MANY',
    ]);
  });

  it('publishes a JSON Schema with the same limits and rule pattern', () => {
    const schema = proxySetJsonSchema() as {
      properties: {
        configs: { minItems: number; items: { properties: Record<string, { items?: unknown }> } };
      };
    };
    expect(schema.properties.configs.minItems).toBe(1);
    const rules = schema.properties.configs.items.properties.rules as unknown as {
      properties: { domains: { maxItems: number; items: { pattern: string } } };
    };
    expect(rules.properties.domains.maxItems).toBe(100);
    const pattern = new RegExp(rules.properties.domains.items.pattern);
    expect(pattern.test('*.google.com')).toBe(true);
    expect(pattern.test('google.com')).toBe(false);
  });

  it('builds links that carry the token in the fragment, never in the query', () => {
    expect(proxySetLink('https://console.example', 'ph-abc', 'tok_en-1')).toBe(
      'https://console.example/proxySet?id=ph-abc#token=tok_en-1',
    );
  });
});
