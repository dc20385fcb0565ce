import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(config.DATA_DIR).toMatch(/\.data$/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('parses booleans strictly', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  describe('payment gateways', () => {
    const epusdt = { PAY_STABLECOIN: 'epusdt', EPUSDT_URL: 'https://usdt.example', EPUSDT_TOKEN: 'token' };
    const epay = {
      PAY_FIAT: 'epay',
      EPAY_URL: 'https://epay.example',
      EPAY_PID: '1001',
      EPAY_KEY: 'key',
      FIAT_CNY_RATE: '7.2',
    };
    const proxyKey = { PROXY_SECRET_KEY: 'ab'.repeat(32) };

    it('defaults to the sandbox with a generated secret and the sandbox rate', () => {
      const config = loadConfig({});
      expect(config.PAY_STABLECOIN).toBe('sandbox');
      expect(config.PAY_FIAT).toBe('sandbox');
      expect(config.EPAY_TYPE).toBe('alipay');
      expect(config.FIAT_CNY_RATE).toBe('7.2');
      expect(config.SANDBOX_PAY_SECRET).toMatch(/^[0-9a-f]{64}$/);
      expect(loadConfig({}).SANDBOX_PAY_SECRET).not.toBe(config.SANDBOX_PAY_SECRET);
      expect(loadConfig({ SANDBOX_PAY_SECRET: 'a-fixed-secret-of-some-length' }).SANDBOX_PAY_SECRET).toBe(
        'a-fixed-secret-of-some-length',
      );
    });

    it('names each variable a chosen gateway lacks', () => {
      expect(() => loadConfig({ PAY_STABLECOIN: 'epusdt', EPUSDT_URL: 'https://usdt.example' })).toThrow(
        /EPUSDT_TOKEN: required when PAY_STABLECOIN=epusdt/,
      );
      let message = '';
      try {
        loadConfig({ PAY_FIAT: 'epay' });
      } catch (error) {
        message = (error as Error).message;
      }
      for (const name of ['EPAY_URL', 'EPAY_PID', 'EPAY_KEY', 'FIAT_CNY_RATE']) {
        expect(message).toContain(`${name}: required when PAY_FIAT=epay`);
      }
      expect(loadConfig({ ...epusdt, ...epay }).EPUSDT_TOKEN).toBe('token');
    });

    it('requires a proxy secret key in production and never relaxes the address guard there', () => {
      const production = { NODE_ENV: 'production', ...epusdt, ...epay };
      expect(() => loadConfig(production)).toThrow(/PROXY_SECRET_KEY: required in production/);
      expect(() => loadConfig({ ...production, ...proxyKey, PROXY_CHECK_ALLOW_PRIVATE: 'true' })).toThrow(
        /PROXY_CHECK_ALLOW_PRIVATE: refused in production/,
      );
      expect(loadConfig({ ...production, ...proxyKey }).PROXY_SECRET_KEY).toBe(proxyKey.PROXY_SECRET_KEY);
      // Elsewhere a fixed development key keeps local data readable across restarts.
      expect(loadConfig({}).PROXY_SECRET_KEY).toBe(loadConfig({}).PROXY_SECRET_KEY);
      expect(loadConfig({}).PROXY_SECRET_KEY).toMatch(/^[0-9a-f]{64}$/);
    });

    it('refuses the sandbox in production, naming the variable', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', ...epay })).toThrow(
        /PAY_STABLECOIN: the sandbox gateway is refused/,
      );
      expect(() => loadConfig({ NODE_ENV: 'production', ...epusdt })).toThrow(
        /PAY_FIAT: the sandbox gateway is refused/,
      );
      const production = loadConfig({ NODE_ENV: 'production', ...epusdt, ...epay, ...proxyKey });
      expect(production.SANDBOX_PAY_SECRET).toBeUndefined();
    });

    it.each([
      ['PROXY_SECRET_KEY', 'not-hex'],
      ['PROXY_CHECK_ALLOW_PRIVATE', 'yes'],
      ['FIAT_CNY_RATE', '7,2'],
      ['FIAT_CNY_RATE', '0.14'],
      ['FIAT_CNY_RATE', '7.1234567'],
      ['EPUSDT_URL', 'usdt.example'],
      ['EPAY_TYPE', 'Ali Pay'],
      ['PAY_FIAT', 'stripe'],
      ['SANDBOX_PAY_SECRET', 'short'],
    ])('refuses %s=%s', (name, value) => {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
    });
  });
});
