import { describe, expect, it } from 'vitest';
import { formatBitRate, formatBytes, formatPercent } from './traffic-units';

describe('traffic units', () => {
  it('shows bytes and bit rates in decimal units, three figures at most', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1_234_567)).toBe('1.23 MB');
    expect(formatBytes(12_345_678_901)).toBe('12.3 GB');
    expect(formatBitRate(2_500_000)).toBe('2.5 Mbps');
    expect(formatBitRate(180_000)).toBe('180 Kbps');
    expect(formatPercent(42.345)).toBe('42.3 %');
  });
});
