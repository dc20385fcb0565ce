import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { RequestError } from '../../lib/request';
import { failureReason, isUnsettled, useIntentKey } from './intent-key';

const answered = (status: number) =>
  new RequestError('answer', 'refused', { status, code: status, handled: true });
const BODY = { region_id: 3, bandwidth: 50 };

describe('useIntentKey', () => {
  it('sends the same request with the same key until it is settled', () => {
    const { result } = renderHook(() => useIntentKey());
    const first = result.current.keyFor(BODY);
    expect(result.current.keyFor({ ...BODY })).toBe(first);

    result.current.settle(new RequestError('network', 'down', { handled: true }));
    expect(result.current.keyFor(BODY)).toBe(first);
    result.current.settle(answered(503));
    expect(result.current.keyFor(BODY)).toBe(first);
    // Still running under the key: a new one would buy twice.
    result.current.settle(answered(409));
    expect(result.current.keyFor(BODY)).toBe(first);
  });

  it('takes a new key after an answer the server keeps, a success, or a changed request', () => {
    const { result } = renderHook(() => useIntentKey());
    const first = result.current.keyFor(BODY);
    // The stored 'insufficient balance' must not be replayed after a top-up.
    result.current.settle(answered(422));
    const second = result.current.keyFor(BODY);
    expect(second).not.toBe(first);
    result.current.settle();
    const third = result.current.keyFor(BODY);
    expect(third).not.toBe(second);
    expect(result.current.keyFor({ ...BODY, bandwidth: 60 })).not.toBe(third);
  });
});

describe('isUnsettled and failureReason', () => {
  it('tell a send without a final answer from one with, and say nothing for a guarded one', () => {
    expect(isUnsettled(new RequestError('timeout', 'slow', { handled: true }))).toBe(true);
    expect(isUnsettled(answered(400))).toBe(false);
    expect(isUnsettled(new Error('bug'))).toBe(false);
    expect(failureReason(answered(422))).toBe('refused');
    expect(failureReason(new RequestError('duplicate', 'too fast', { handled: true }))).toBeUndefined();
  });
});
