import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope';

describe('pageQuery', () => {
  it('defaults to the first page of 20', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });
  it('coerces query strings', () => {
    expect(pageQuery.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
  });
  it('accepts only the page sizes of the spec', () => {
    expect(pageQuery.safeParse({ limit: 25 }).success).toBe(false);
    expect(pageQuery.safeParse({ limit: 10 }).success).toBe(true);
    expect(pageQuery.safeParse({ page: 0 }).success).toBe(false);
  });
});

describe('envelope', () => {
  it('wraps data and strips unknown answer fields', () => {
    const schema = envelope(pageOf(z.object({ id: z.number() })));
    const parsed = schema.parse({
      code: 200,
      msg: '',
      success: true,
      data: { list: [{ id: 1, secret: 'x' }], total: 1, page: 1, limit: 20 },
    });
    expect(parsed.data.list[0]).toEqual({ id: 1 });
  });
});
