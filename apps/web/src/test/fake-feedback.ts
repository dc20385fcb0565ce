import { vi } from 'vitest';
import { bindFeedback, type Feedback } from '../lib/feedback';

/**
 * A recording feedback adapter, bound for the duration of a test. `confirm` stays open until the
 * test answers it with `answerConfirm`.
 */
export function bindFakeFeedback() {
  let answer: ((value: boolean) => void) | undefined;
  const closeLoading = vi.fn();
  const fake = {
    toast: vi.fn<Feedback['toast']>(),
    notify: vi.fn<Feedback['notify']>(),
    confirm: vi.fn<Feedback['confirm']>(
      () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
    ),
    navigate: vi.fn<Feedback['navigate']>(),
    relogin: vi.fn<Feedback['relogin']>(),
    showLoading: vi.fn<Feedback['showLoading']>(() => closeLoading),
  };
  const unbind = bindFeedback(fake);
  return {
    ...fake,
    closeLoading,
    unbind,
    /** Answers the open confirm box and lets the client's follow-up run. */
    async answerConfirm(value: boolean): Promise<void> {
      answer?.(value);
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}
