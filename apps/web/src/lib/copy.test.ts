import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFakeFeedback } from '../test/fake-feedback';
import { copyText } from './copy';

describe('copyText', () => {
  let fake: ReturnType<typeof bindFakeFeedback>;
  beforeEach(() => {
    fake = bindFakeFeedback();
  });
  afterEach(() => {
    fake.unbind();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('writes through the Clipboard API and says it succeeded', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await expect(copyText('10.0.0.8')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('10.0.0.8');
    expect(fake.toast).toHaveBeenCalledWith('success', '复制成功');
  });

  it('falls back to a selected textarea when the Clipboard API refuses', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    let copied = '';
    const execCommand = vi.fn(() => {
      copied = document.querySelector('textarea')?.value ?? '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    await expect(copyText('secret-key')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('secret-key');
    expect(document.querySelector('textarea')).toBeNull();
    expect(fake.toast).toHaveBeenCalledWith('success', '复制成功');
  });

  it('says so when nothing could copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false });
    await expect(copyText('x')).resolves.toBe(false);
    expect(fake.toast).toHaveBeenCalledWith('error', '复制失败，请手动复制');
  });
});
