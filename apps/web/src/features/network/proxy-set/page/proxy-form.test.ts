import { describe, expect, it } from 'vitest';
import { NEW_CONFIG, bodyOf, checkProxySet, fieldsOf } from './proxy-form';

const fields = { ...NEW_CONFIG, ip: '203.0.113.5', domains: ' *.example.com \n\n*.shop.co.uk' };

describe('the proxy set form', () => {
  it('turns cards into the contract body and back', () => {
    const checked = checkProxySet(bodyOf({ configs: [fields] }));
    expect(checked).toEqual({
      body: {
        configs: [
          {
            enabled: true,
            type: 'socks5',
            ip: '203.0.113.5',
            tcp_port: 1080,
            udp_port: null,
            username: '',
            password: '',
            rules: { mode: 'blacklist', domains: ['*.example.com', '*.shop.co.uk'] },
          },
        ],
      },
    });
    if ('body' in checked)
      expect(fieldsOf(checked.body.configs[0]!).domains).toBe('*.example.com\n*.shop.co.uk');
  });

  it('maps each fault of the shared schema onto its card field', () => {
    const bad = { ...fields, ip: 'nope', tcp_port: null, domains: '*.ok.com\ngoogle.com' };
    expect(checkProxySet(bodyOf({ configs: [fields, bad] }))).toEqual({
      faults: [
        { field: ['configs', 1, 'ip'], code: 'PROXY_IP_INVALID' },
        { field: ['configs', 1, 'tcp_port'], code: 'PROXY_PORT_INVALID' },
        { field: ['configs', 1, 'domains'], code: 'PROXY_RULE_DOMAIN_INVALID' },
      ],
    });
    expect(checkProxySet({ configs: [] })).toEqual({
      faults: [{ field: undefined, code: 'PROXY_SET_EMPTY' }],
    });
    expect(checkProxySet([fields])).toEqual({ faults: [{ field: undefined, code: 'INVALID' }] });
  });
});
