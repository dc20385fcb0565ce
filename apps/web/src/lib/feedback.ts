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
/** Where pending messages wait while the page is replaced by another document (the other entry). */
const CARRIED_KEY = 'feedback-pending';
type PendingMessage =
  | { kind: 'toast'; args: Parameters<Feedback['toast']> }
  | { kind: 'notify'; args: Parameters<Feedback['notify']> };

/** Messages a previous page of this tab told but could not show before it was left. */
function carriedOver(): PendingMessage[] {
  try {
    const stored = window.sessionStorage.getItem(CARRIED_KEY);
    window.sessionStorage.removeItem(CARRIED_KEY);
    const parsed: unknown = stored ? JSON.parse(stored) : [];
    return Array.isArray(parsed) ? (parsed as PendingMessage[]) : [];
  } catch {
    return [];
  }
}

let pending: PendingMessage[] = typeof window === 'undefined' ? [] : carriedOver();

function keepForBridge(message: PendingMessage): void {
  pending = [...pending, message].slice(-PENDING_LIMIT);
}

function show(adapter: Feedback, message: PendingMessage): void {
  if (message.kind === 'toast') adapter.toast(...message.args);
  else adapter.notify(...message.args);
}

// The console sends a visitor whose session ended to the sign-in pages, another document: what it
// told before any page could show it (a stale token's 'login expired') is shown there.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    if (pending.length === 0) return;
    try {
      window.sessionStorage.setItem(CARRIED_KEY, JSON.stringify(pending));
    } catch {
      // Without sessionStorage the message is lost with the page.
    }
  });
}

/**
 * Used before the bridge mounts (or if it never does). Toasts and notifications wait for the next
 * bridge: the first page's guard runs before any page exists (a stale token's 'login expired' is
 * told then), and the user must still read it, on the next document if this one is left first. The confirm box is the browser's own and navigation
 * reloads the page, so a call never fails for lack of UI.
 */
export const fallbackFeedback: Feedback = {
  toast(...args) {
    keepForBridge({ kind: 'toast', args });
  },
  notify(...args) {
    keepForBridge({ kind: 'notify', args });
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

/** Whether messages wait for a bridge (one carried over from the previous page, say). */
export function hasPendingFeedback(): boolean {
  return pending.length > 0;
}

/** Forgets messages waiting for a bridge (tests: one test's leftovers are not the next one's). */
export function discardPendingFeedback(): void {
  pending = [];
}

/** Makes `adapter` the active feedback; the returned function restores the fallback. */
export function bindFeedback(adapter: Feedback): () => void {
  current = adapter;
  const told = pending;
  pending = [];
  for (const message of told) show(adapter, message);
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
