import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { ErrorCode } from '@cloudbay/contracts/core';
import { RequestError } from './request';
import { answeredError as answered } from '../test/fixtures';
import { createIntentKeys, isOutcomeUnknown, useIntentKeys } from './idempotency';

const BODY = { region_id: 3, bandwidth: 50 };

describe('useIntentKeys', () => {
  it('sends the same request with the same key while the outcome of its last send is unknown', () => {
    const { result } = renderHook(() => useIntentKeys());
    const first = result.current.keyFor(BODY);
    expect(result.current.keyFor({ ...BODY })).toBe(first);

    result.current.settle(BODY, new RequestError('network', 'down', { handled: true }));
    expect(result.current.keyFor(BODY)).toBe(first);
    result.current.settle(BODY, new RequestError('timeout', 'slow', { handled: true }));
    expect(result.current.keyFor(BODY)).toBe(first);
    result.current.settle(BODY, answered(503));
    expect(result.current.keyFor(BODY)).toBe(first);
    // Still running under the key: a new one would buy twice.
    result.current.settle(BODY, answered(409, ErrorCode.IDEMPOTENCY_KEY_IN_FLIGHT));
    expect(result.current.keyFor(BODY)).toBe(first);
    // Stopped by the duplicate guard: nothing was sent.
    result.current.settle(BODY, new RequestError('duplicate', 'too fast', { handled: true }));
    expect(result.current.keyFor(BODY)).toBe(first);
  });

  it('takes a new key after any answer the server keeps under the key, 409 refusals included', () => {
    const { result } = renderHook(() => useIntentKeys());
    const keys = [result.current.keyFor(BODY)];
    // The server stores these under the key: reusing it would replay the stale refusal.
    for (const refusal of [
      answered(409, ErrorCode.RESOURCE_ACTION_FORBIDDEN),
      answered(409, ErrorCode.RESOURCE_NOT_READY),
      answered(409),
      // The stored 'insufficient balance' must not be replayed after a top-up.
      answered(422, ErrorCode.INSUFFICIENT_BALANCE),
      answered(400),
    ]) {
      result.current.settle(BODY, refusal);
      keys.push(result.current.keyFor(BODY));
    }
    result.current.settle(BODY);
    keys.push(result.current.keyFor(BODY));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps one key per request: another request gets its own, and the first keeps its key', () => {
    const { result, rerender } = renderHook(() => useIntentKeys());
    const first = result.current.keyFor(BODY);
    result.current.settle(BODY, new RequestError('timeout', 'slow', { handled: true }));
    const other = result.current.keyFor({ ...BODY, bandwidth: 60 });
    expect(other).not.toBe(first);
    rerender();
    expect(result.current.keyFor(BODY)).toBe(first);
  });
});

describe('createIntentKeys', () => {
  it('keeps an unanswered purchase’s key while other purchases come and go', () => {
    let next = 0;
    const keys = createIntentKeys(() => `key-${++next}`);
    const first = { quantity: 1 };
    expect(keys.keyFor(first)).toBe('key-1');
    keys.settle(first, new RequestError('network', 'offline', { handled: true }));
    const other = { quantity: 3 };
    expect(keys.keyFor(other)).toBe('key-2');
    keys.settle(other, answered(422, ErrorCode.INSUFFICIENT_BALANCE));
    // The first may have gone through: sent again, it is answered, not charged twice.
    expect(keys.keyFor(first)).toBe('key-1');
    keys.settle(first);
    expect(keys.keyFor(first)).toBe('key-3');
  });

  it('outlives re-renders in a component: the page owns the keys, not the dialog', () => {
    const { result, rerender } = renderHook(() => useIntentKeys());
    const key = result.current.keyFor(BODY);
    result.current.settle(BODY, new RequestError('network', 'offline', { handled: true }));
    rerender();
    expect(result.current.keyFor(BODY)).toBe(key);
  });
});

describe('isOutcomeUnknown', () => {
  it('is true without an answer, on a 5xx and while the first try runs; false on a refusal', () => {
    expect(isOutcomeUnknown(new RequestError('timeout', 'slow', { handled: true }))).toBe(true);
    expect(isOutcomeUnknown(answered(504))).toBe(true);
    expect(isOutcomeUnknown(answered(409, ErrorCode.IDEMPOTENCY_KEY_IN_FLIGHT))).toBe(true);
    expect(isOutcomeUnknown(answered(409, ErrorCode.RESOURCE_ACTION_FORBIDDEN))).toBe(false);
    expect(isOutcomeUnknown(new Error('not a request'))).toBe(false);
  });
});
