import { describe, expect, it, vi } from 'vitest';
import { isValidCron, nextRunOf, withJobLog } from './scheduled';

describe('cron rules of the job page', () => {
  it('accepts five-field UTC crons and refuses the rest', () => {
    expect(isValidCron('*/5 * * * *')).toBe(true);
    expect(isValidCron('5 4 * * 1-5')).toBe(true);
    expect(isValidCron('0 0 * * * *')).toBe(false); // seconds: pg-boss runs minutes
    expect(isValidCron('60 * * * *')).toBe(false);
    expect(isValidCron('* * *')).toBe(false);
    expect(isValidCron('hourly')).toBe(false);
  });

  it('computes the next run after a time, in UTC', () => {
    const from = new Date('2026-11-26T03:47:00Z');
    expect(nextRunOf('5 * * * *', from)?.toISOString()).toBe('2026-11-26T04:05:00.000Z');
    expect(nextRunOf('*/10 * * * *', from)?.toISOString()).toBe('2026-11-26T03:50:00.000Z');
    expect(nextRunOf('nonsense', from)).toBeNull();
  });
});

describe('withJobLog', () => {
  const run = { queue: 'billing.hourly', bossJobId: 'j1' };

  it('records a success and a failure, and rethrows the failure', async () => {
    const executeSql = vi.fn().mockResolvedValue({ rows: [] });
    await withJobLog({ executeSql }, run, async () => {}, vi.fn());
    await expect(
      withJobLog({ executeSql }, run, () => Promise.reject(new Error('boom')), vi.fn()),
    ).rejects.toThrow('boom');
    const [ok, failed] = executeSql.mock.calls.map((call) => call[1] as unknown[]);
    expect(ok!.slice(0, 2)).toEqual(['billing.hourly', 'j1']);
    expect(ok![3]).toBe('0');
    expect(failed![3]).toBe('1');
    expect(failed![5]).toBe('boom');
  });

  it('never breaks the job when the log cannot be written', async () => {
    const executeSql = vi.fn().mockRejectedValue(new Error('log table gone'));
    const onLogError = vi.fn();
    const work = vi.fn().mockResolvedValue(undefined);
    await expect(withJobLog({ executeSql }, run, work, onLogError)).resolves.toBeUndefined();
    expect(work).toHaveBeenCalledOnce();
    expect(onLogError).toHaveBeenCalledWith(expect.objectContaining({ message: 'log table gone' }));
    // The job's own error still wins over the log's.
    await expect(
      withJobLog({ executeSql }, run, () => Promise.reject(new Error('job failed')), onLogError),
    ).rejects.toThrow('job failed');
  });
});
