import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { ErrorCode } from '@cloudbay/contracts/core';
import { RequestError } from '../../../lib/request';
import { answeredError } from '../../../test/fixtures';
import { useIntentKeys } from './use-intent-keys';

const answered = answeredError;

describe('useIntentKeys (renewal and spec-change payments)', () => {
  it('keeps a payment key while the outcome is unknown, and drops it once the server has answered', () => {
    const { result } = renderHook(() => useIntentKeys());
    const keys = result.current;
    const renewal = { desktop: 'dt-1', period: 3 };

    const first = keys.keyFor(renewal);
    expect(keys.keyFor({ desktop: 'dt-1', period: 1 })).not.toBe(first);
    // No answer, then the first try still running, then a gateway error: each retry is the same payment.
    keys.settle(renewal, new RequestError('timeout', 'timeout', { handled: true }));
    expect(keys.keyFor(renewal)).toBe(first);
    keys.settle(renewal, answered(409, ErrorCode.IDEMPOTENCY_KEY_IN_FLIGHT));
    expect(keys.keyFor(renewal)).toBe(first);
    keys.settle(renewal, answered(502));
    expect(keys.keyFor(renewal)).toBe(first);
    keys.settle(renewal, new RequestError('duplicate', 'too fast', { handled: true }));
    expect(keys.keyFor(renewal)).toBe(first);

    // A refusal (the balance was short) is an answer: the press after a top-up is a new payment.
    keys.settle(renewal, answered(422, ErrorCode.INSUFFICIENT_BALANCE));
    const second = keys.keyFor(renewal);
    expect(second).not.toBe(first);
    // So is a success: renewing the same period again later is another renewal.
    keys.settle(renewal);
    expect(keys.keyFor(renewal)).not.toBe(second);
  });

  it('outlives a re-render: the page owns the keys, not the dialog', () => {
    const { result, rerender } = renderHook(() => useIntentKeys());
    const key = result.current.keyFor({ desktop: 'dt-2', body: { system_disk: 90 } });
    result.current.settle(
      { desktop: 'dt-2', body: { system_disk: 90 } },
      new RequestError('network', 'offline', { handled: true }),
    );
    rerender();
    expect(result.current.keyFor({ desktop: 'dt-2', body: { system_disk: 90 } })).toBe(key);
  });
});
