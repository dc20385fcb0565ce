/**
 * The UI side effects that non-React code needs: toasts, notifications, a confirm box, navigation
 * and a loading overlay. The request client and the download helpers talk only to this adapter, so
 * they run in tests with a fake one; in the app a bridge component inside antd's <App> binds the
 * adapter to `App.useApp()` and the router.
 */

export type FeedbackType = 'success' | 'info' | 'warning' | 'error';

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
}

export interface Feedback {
  /** A short message at the top of the page (antd `message`); `durationSeconds` defaults to antd's 3. */
  toast(type: FeedbackType, content: string, durationSeconds?: number): void;
  /** A notification in the corner (antd `notification`). */
  notify(type: FeedbackType, title: string, description?: string): void;
  /** A modal confirm box; resolves true when the user presses OK, false when cancelled. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** Goes to an in-app path. */
  navigate(path: string): void;
  /** Goes to log in again, with the page on screen as where to return (the session has ended). */
  relogin(): void;
  /** Covers the page with a spinner and a text until the returned function is called. */
  showLoading(text: string): () => void;
}

/** Messages told while no bridge is bound, shown by the next one (at most this many, the latest). */
const PENDING_LIMIT = 5;
type PendingMessage = (adapter: Feedback) => void;
let pending: PendingMessage[] = [];

function keepForBridge(message: PendingMessage): void {
  pending = [...pending, message].slice(-PENDING_LIMIT);
}

/**
 * Used before the bridge mounts (or if it never does). Toasts and notifications wait for the next
 * bridge: the first page's guard runs before any page exists (a stale token's 'login expired' is
 * told then), and the user must still read it. The confirm box is the browser's own and navigation
 * reloads the page, so a call never fails for lack of UI.
 */
export const fallbackFeedback: Feedback = {
  toast(...args) {
    keepForBridge((adapter) => adapter.toast(...args));
  },
  notify(...args) {
    keepForBridge((adapter) => adapter.notify(...args));
  },
  confirm({ title, content }) {
    return Promise.resolve(window.confirm(`${title}\n\n${content}`));
  },
  navigate(path) {
    window.location.assign(path);
  },
  relogin() {
    // Loaded afresh without a session, the page's guard asks for a login that returns here.
    window.location.reload();
  },
  showLoading() {
    return () => undefined;
  },
};

let current: Feedback = fallbackFeedback;

/** Forgets messages waiting for a bridge (tests: one test's leftovers are not the next one's). */
export function discardPendingFeedback(): void {
  pending = [];
}

/** Makes `adapter` the active feedback; the returned function restores the fallback. */
export function bindFeedback(adapter: Feedback): () => void {
  current = adapter;
  const told = pending;
  pending = [];
  for (const message of told) message(adapter);
  return () => {
    // A newer binding (e.g. a remount) may have replaced this one; leave it in place.
    if (current === adapter) current = fallbackFeedback;
  };
}

/** Forwards to whichever adapter is bound at call time, with the arguments exactly as given. */
export const feedback: Feedback = {
  toast: (...args) => current.toast(...args),
  notify: (...args) => current.notify(...args),
  confirm: (...args) => current.confirm(...args),
  navigate: (...args) => current.navigate(...args),
  relogin: () => current.relogin(),
  showLoading: (...args) => current.showLoading(...args),
};
