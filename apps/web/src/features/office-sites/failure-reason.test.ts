import { describe, expect, it } from 'vitest';
import { RequestError } from '../../lib/request';
import { answeredError as answered } from '../../test/fixtures';
import { failureReason } from './failure-reason';

describe('failureReason', () => {
  it('gives the server’s reason, and nothing for a send the guard stopped', () => {
    expect(failureReason(answered(422))).toBe('refused');
    expect(failureReason(new Error('bug'))).toBe('bug');
    expect(failureReason(new RequestError('duplicate', 'too fast', { handled: true }))).toBeUndefined();
  });
});
