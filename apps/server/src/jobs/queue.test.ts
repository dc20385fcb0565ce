import { describe, expect, it, vi } from 'vitest';
import { runJob, type JobDefinition, type JobSender, type RunnableJob } from './queue';

const sender: JobSender = { enqueue: () => Promise.resolve(null) };
const job = (retryCount: number): RunnableJob =>
  ({ id: 'j1', name: 'demo', data: { id: 7 }, retryCount, retryLimit: 2 }) as unknown as RunnableJob;

function failing(exhausted: JobDefinition['exhausted']): JobDefinition {
  return { name: 'demo', handle: () => Promise.reject(new Error('still down')), exhausted };
}

describe('runJob', () => {
  it('runs the exhausted hook only when the last try fails, and still throws the failure', async () => {
    const exhausted = vi.fn(() => Promise.resolve());
    const logger = { error: vi.fn() };
    await expect(runJob(failing(exhausted), job(0), sender, logger)).rejects.toThrow('still down');
    await expect(runJob(failing(exhausted), job(1), sender, logger)).rejects.toThrow('still down');
    expect(exhausted).not.toHaveBeenCalled();
    await expect(runJob(failing(exhausted), job(2), sender, logger)).rejects.toThrow('still down');
    expect(exhausted).toHaveBeenCalledTimes(1);
    expect(exhausted).toHaveBeenCalledWith(expect.objectContaining({ data: { id: 7 } }), sender);
  });

  it('never runs the hook after a success, and logs a hook that fails instead of hiding the failure', async () => {
    const exhausted = vi.fn(() => Promise.reject(new Error('database gone')));
    const logger = { error: vi.fn() };
    const ok: JobDefinition = { name: 'demo', handle: () => Promise.resolve(), exhausted };
    await runJob(ok, job(2), sender, logger);
    expect(exhausted).not.toHaveBeenCalled();
    await expect(runJob(failing(exhausted), job(2), sender, logger)).rejects.toThrow('still down');
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});
