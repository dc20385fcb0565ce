import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNIQUE_VIOLATION, isDatabaseUnavailable, pgErrorCode } from './errors';

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

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a lost, refused or timed-out connection', () => {
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // drizzle wraps the driver's error in its own, with the cause attached.
    const wrapped = new DrizzleQueryError('select 1', [], new Error('Connection terminated'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves every other failure alone (a 500 or its own mapping)', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('canceling statement due to statement timeout', '57014'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    // Another client's socket error (a gateway's fetch) is not the database.
    const fetchFailed = new TypeError('fetch failed', {
      cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
    });
    expect(isDatabaseUnavailable(fetchFailed)).toBe(false);
  });
});
