import { describe, expect, it } from 'vitest';
import { UNIQUE_VIOLATION, pgErrorCode } from './errors';

describe('pgErrorCode', () => {
  it('reads the code from a pg error and from a drizzle wrapper around one', () => {
    const pgError = Object.assign(new Error('duplicate key'), { code: UNIQUE_VIOLATION });
    expect(pgErrorCode(pgError)).toBe(UNIQUE_VIOLATION);
    expect(pgErrorCode(new Error('Failed query', { cause: pgError }))).toBe(UNIQUE_VIOLATION);
  });

  it('answers undefined for anything else', () => {
    expect(pgErrorCode(new Error('boom'))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
    expect(pgErrorCode({ code: 42 })).toBeUndefined();
  });
});
