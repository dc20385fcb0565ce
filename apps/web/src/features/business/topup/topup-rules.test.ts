import { TOPUP_STATUS } from '@cloudbay/contracts/core';
import { describe, expect, it } from 'vitest';
import { isReconcilable } from './topup-rules';

describe('isReconcilable', () => {
  it('allows pending and timed-out top-ups only', () => {
    expect(isReconcilable({ status: TOPUP_STATUS.PENDING })).toBe(true);
    expect(isReconcilable({ status: TOPUP_STATUS.TIMEOUT })).toBe(true);
    expect(isReconcilable({ status: TOPUP_STATUS.PAID })).toBe(false);
    expect(isReconcilable({ status: TOPUP_STATUS.FAILED })).toBe(false);
  });
});
