import { describe, expect, it } from 'vitest';
import { isValidTrc20Address } from './trc20';

// Real TRON mainnet addresses: the USDT TRC20 contract and two well-known accounts.
const VALID = [
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
];

describe('TRC20 addresses', () => {
  it('accepts real addresses', () => {
    for (const address of VALID) expect(isValidTrc20Address(address), address).toBe(true);
  });

  it('refuses an address with one character changed (checksum)', () => {
    const [usdt] = VALID as [string];
    const corrupted = `${usdt.slice(0, 10)}${usdt[10] === 'a' ? 'b' : 'a'}${usdt.slice(11)}`;
    expect(corrupted).toHaveLength(usdt.length);
    expect(isValidTrc20Address(corrupted)).toBe(false);
    // Two characters swapped.
    expect(isValidTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjt6')).toBe(false);
  });

  it('refuses the wrong shape, alphabet or version', () => {
    expect(isValidTrc20Address('')).toBe(false);
    expect(isValidTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isValidTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t')).toBe(false);
    // A Bitcoin address (version 0) is base58check too, but not TRON's.
    expect(isValidTrc20Address('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
  });
});
