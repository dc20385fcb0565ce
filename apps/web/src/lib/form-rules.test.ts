import { describe, expect, it } from 'vitest';
import { trimmedLength } from './form-rules';

describe('trimmedLength', () => {
  it('measures the text without its surrounding spaces', () => {
    const rule = trimmedLength(2, 64, 'length') as { transform: (value: unknown) => unknown; min: number };
    expect(rule.min).toBe(2);
    expect(rule.transform(' a ')).toBe('a');
    expect(rule.transform('  ab')).toBe('ab');
    expect(rule.transform(undefined)).toBeUndefined();
  });
});
