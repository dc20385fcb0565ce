import { describe, expect, it } from 'vitest';
import { serializeParams } from './params';

describe('serializeParams', () => {
  it('encodes keys and values', () => {
    expect(serializeParams({ name: '云 电脑&1', 'a b': 'x=y' })).toBe(
      'name=%E4%BA%91%20%E7%94%B5%E8%84%91%261&a%20b=x%3Dy',
    );
  });

  it('leaves out undefined, null and empty strings but keeps 0 and false', () => {
    expect(serializeParams({ a: undefined, b: null, c: '', d: 0, e: false })).toBe('d=0&e=false');
  });

  it('repeats the key for array items', () => {
    expect(serializeParams({ ids: [1, 2, null, 3] })).toBe('ids=1&ids=2&ids=3');
  });

  it('uses brackets for nested objects and ISO strings for dates', () => {
    const begin = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(serializeParams({ params: { beginTime: begin, endTime: '' } })).toBe(
      'params%5BbeginTime%5D=2026-01-02T03%3A04%3A05.000Z',
    );
  });

  it('gives an empty string for no params', () => {
    expect(serializeParams(undefined)).toBe('');
    expect(serializeParams({})).toBe('');
  });
});
