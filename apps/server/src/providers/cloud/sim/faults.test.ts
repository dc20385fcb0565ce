import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { NO_FAULTS, createFails, formatSimFaults, parseSimFaults } from './faults';

describe('parseSimFaults', () => {
  it('reads every fault and defaults the rest to none', () => {
    expect(parseSimFaults('create_fail=0.2, timeout=0.1,slow_ms=2000')).toEqual({
      createFail: 0.2,
      timeout: 0.1,
      slowMs: 2000,
    });
    expect(parseSimFaults('timeout=1')).toEqual({ ...NO_FAULTS, timeout: 1 });
    expect(parseSimFaults('')).toEqual(NO_FAULTS);
  });

  it.each([
    ['create_fail=1.5', /create_fail must be a number from 0 to 1/],
    ['timeout=-0.1', /timeout must be/],
    ['slow_ms=1.5', /slow_ms must be an integer/],
    ['slow_ms=999999', /slow_ms must be an integer from 0 to 60000/],
    ['explode=1', /unknown fault "explode"/],
    ['timeout', /not key=value/],
    ['timeout=0.1,timeout=0.2', /given twice/],
  ])('refuses %s', (text, message) => {
    expect(() => parseSimFaults(text)).toThrow(message);
  });

  it('formats back to text that parses to the same faults', () => {
    const faults = { createFail: 0.25, timeout: 0.5, slowMs: 10 };
    expect(parseSimFaults(formatSimFaults(faults))).toEqual(faults);
  });
});

describe('createFails', () => {
  it('answers the same for the same token, so a retried create agrees with the first', () => {
    const faults = { ...NO_FAULTS, createFail: 0.5 };
    for (const token of ['a', 'b', 'order-17:create', 'x'.repeat(90)]) {
      expect(createFails(faults, token)).toBe(createFails(faults, token));
    }
  });

  it('fails about the configured share of tokens, none at 0 and all at 1', () => {
    const tokens = Array.from({ length: 2000 }, (_, i) => `token-${i}`);
    const share =
      tokens.filter((t) => createFails({ ...NO_FAULTS, createFail: 0.2 }, t)).length / tokens.length;
    expect(share).toBeGreaterThan(0.17);
    expect(share).toBeLessThan(0.23);
    expect(tokens.some((t) => createFails(NO_FAULTS, t))).toBe(false);
    expect(tokens.every((t) => createFails({ ...NO_FAULTS, createFail: 1 }, t))).toBe(true);
  });
});

describe('cloud configuration', () => {
  it('defaults to the simulated cloud at speed 10 without faults', () => {
    const config = loadConfig({});
    expect(config.CLOUD_PROVIDER).toBe('sim');
    expect(config.SIM_SPEED).toBe(10);
    expect(config.SIM_FAULTS).toEqual(NO_FAULTS);
  });

  it('parses SIM_FAULTS and SIM_SPEED, and names them when bad', () => {
    expect(loadConfig({ SIM_FAULTS: 'create_fail=0.2', SIM_SPEED: '1000' })).toMatchObject({
      SIM_SPEED: 1000,
      SIM_FAULTS: { createFail: 0.2, timeout: 0, slowMs: 0 },
    });
    expect(() => loadConfig({ SIM_FAULTS: 'timeout=2' })).toThrow(/SIM_FAULTS: timeout must be/);
    expect(() => loadConfig({ SIM_SPEED: '0' })).toThrow(/SIM_SPEED/);
  });

  it('refuses a cloud provider that is not implemented', () => {
    expect(() => loadConfig({ CLOUD_PROVIDER: 'aliyun' })).toThrow(/CLOUD_PROVIDER: must be sim/);
  });
});
