import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, fallbackFeedback, feedback, type Feedback } from './feedback';

function recorder(): Feedback {
  return {
    toast: vi.fn(),
    notify: vi.fn(),
    confirm: vi.fn(() => Promise.resolve(true)),
    navigate: vi.fn(),
    showLoading: vi.fn(() => () => undefined),
  };
}

describe('feedback adapter', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('forwards to the bound adapter and falls back once unbound', () => {
    const bound = recorder();
    const unbind = bindFeedback(bound);
    feedback.toast('error', 'boom', 5);
    expect(bound.toast).toHaveBeenCalledWith('error', 'boom', 5);
    unbind();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    feedback.toast('error', 'again');
    expect(bound.toast).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('again');
  });

  it('keeps a newer binding when an older one is released', () => {
    const first = recorder();
    const second = recorder();
    const unbindFirst = bindFeedback(first);
    const unbindSecond = bindFeedback(second);
    unbindFirst();
    feedback.navigate('/index');
    expect(second.navigate).toHaveBeenCalledWith('/index');
    unbindSecond();
  });

  it('falls back to the browser confirm box', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await expect(
      fallbackFeedback.confirm({ title: 'T', content: 'C', okText: 'OK', cancelText: 'Cancel' }),
    ).resolves.toBe(true);
    expect(confirm).toHaveBeenCalledWith('T\n\nC');
  });
});
