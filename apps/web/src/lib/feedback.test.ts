import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, fallbackFeedback, feedback, type Feedback } from './feedback';

function recorder(): Feedback {
  return {
    toast: vi.fn(),
    notify: vi.fn(),
    confirm: vi.fn(() => Promise.resolve(true)),
    navigate: vi.fn(),
    relogin: vi.fn(),
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
    feedback.toast('error', 'again');
    expect(bound.toast).toHaveBeenCalledTimes(1);
  });

  it('keeps toasts and notifications told before a bridge binds, and shows them once it does', () => {
    feedback.toast('error', 'login expired', 5);
    feedback.notify('error', 'balance', 'too low');
    const bound = recorder();
    const unbind = bindFeedback(bound);
    expect(bound.toast).toHaveBeenCalledWith('error', 'login expired', 5);
    expect(bound.notify).toHaveBeenCalledWith('error', 'balance', 'too low');
    unbind();
    // Shown once: the next bridge does not repeat them.
    const next = recorder();
    bindFeedback(next)();
    expect(next.toast).not.toHaveBeenCalled();
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

describe('feedback carried to the next document', () => {
  it('hands messages no bridge showed to the next page of the tab (the sign-in entry)', async () => {
    feedback.toast('error', 'login expired', 5);
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(window.sessionStorage.getItem('feedback-pending') ?? '[]')).toEqual([
      { kind: 'toast', args: ['error', 'login expired', 5] },
    ]);
    // The next document loads the module afresh and shows them once a bridge binds.
    vi.resetModules();
    const next = await import('./feedback');
    const bound = recorder();
    const unbind = next.bindFeedback(bound);
    expect(bound.toast).toHaveBeenCalledWith('error', 'login expired', 5);
    expect(window.sessionStorage.getItem('feedback-pending')).toBeNull();
    unbind();
  });

  it('carries nothing when everything was shown', () => {
    const unbind = bindFeedback(recorder());
    feedback.toast('error', 'shown here');
    window.dispatchEvent(new Event('pagehide'));
    expect(window.sessionStorage.getItem('feedback-pending')).toBeNull();
    unbind();
  });
});
