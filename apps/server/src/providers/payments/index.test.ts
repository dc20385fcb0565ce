import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/config';
import { EpayGateway } from './epay/gateway';
import { EpusdtGateway } from './epusdt/gateway';
import { createPaymentGateways, memorySandboxBooks } from './index';
import { SandboxGateway } from './sandbox/gateway';

describe('createPaymentGateways', () => {
  it('chooses the sandbox for both pay types by default', () => {
    const gateways = createPaymentGateways(testConfig(), memorySandboxBooks());
    expect(gateways.forPayType('1')).toBeInstanceOf(SandboxGateway);
    expect(gateways.forPayType('2')).toBeInstanceOf(SandboxGateway);
    expect(gateways.sandboxFor('2')).toBe(gateways.forPayType('2'));
    expect(gateways.byName('sandbox')).toBeInstanceOf(SandboxGateway);
    expect(gateways.byName('epusdt')).toBeUndefined();
    expect(gateways.byName('epay')).toBeUndefined();
  });

  it('chooses the real gateways the configuration names', () => {
    const gateways = createPaymentGateways(
      testConfig({
        PAY_STABLECOIN: 'epusdt',
        EPUSDT_URL: 'https://usdt.example',
        EPUSDT_TOKEN: 'token',
        PAY_FIAT: 'epay',
        EPAY_URL: 'https://epay.example',
        EPAY_PID: '1001',
        EPAY_KEY: 'key',
        FIAT_CNY_RATE: '7.1',
      }),
      memorySandboxBooks(),
    );
    expect(gateways.forPayType('2')).toBeInstanceOf(EpusdtGateway);
    expect(gateways.forPayType('1')).toBeInstanceOf(EpayGateway);
    expect(gateways.byName('epusdt')).toBe(gateways.forPayType('2'));
    expect(gateways.byName('epay')).toBe(gateways.forPayType('1'));
    expect(gateways.byName('sandbox')).toBeUndefined();
    expect(gateways.sandboxFor('1')).toBeUndefined();
  });

  it('mixes a sandbox with a real gateway', () => {
    const gateways = createPaymentGateways(
      testConfig({ PAY_STABLECOIN: 'epusdt', EPUSDT_URL: 'https://usdt.example', EPUSDT_TOKEN: 'token' }),
      memorySandboxBooks(),
    );
    expect(gateways.forPayType('2')).toBeInstanceOf(EpusdtGateway);
    expect(gateways.sandboxFor('1')).toBeInstanceOf(SandboxGateway);
  });

  it('refuses a hand-made production configuration with a sandbox', () => {
    expect(() =>
      createPaymentGateways({ ...testConfig(), NODE_ENV: 'production' }, memorySandboxBooks()),
    ).toThrow(/PAY_STABLECOIN/);
  });
});
