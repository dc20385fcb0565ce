/**
 * The sign-in pages' toasts (top centre, like antd `message`) and notifications (top right, like
 * antd `notification`), bound to the feedback adapter (lib/feedback.ts) so the request client tells
 * the user here as it does in the console. Confirm boxes stay the browser's own (fallbackFeedback).
 */
import { useEffect, useState } from 'react';
import { bindFeedback, fallbackFeedback, type FeedbackType } from '../lib/feedback';
import { Icon } from './icon';

/** antd's defaults: a message stays 3 s, a notification 4.5 s. */
const TOAST_SECONDS = 3;
const NOTIFY_SECONDS = 4.5;

const ICONS = {
  success: 'checkCircle',
  info: 'infoCircle',
  warning: 'exclamationCircle',
  error: 'closeCircle',
} as const;

interface Item {
  id: number;
  kind: 'toast' | 'notice';
  type: FeedbackType;
  title: string;
  description?: string;
}

let nextId = 0;

/** Renders the messages told through `feedback` while mounted. */
export function Toaster() {
  const [items, setItems] = useState<Item[]>([]);

  useEffect(() => {
    const remove = (id: number) => setItems((current) => current.filter((item) => item.id !== id));
    const add = (item: Omit<Item, 'id'>, seconds: number) => {
      const id = ++nextId;
      setItems((current) => [...current, { ...item, id }]);
      setTimeout(() => remove(id), seconds * 1000);
    };
    return bindFeedback({
      ...fallbackFeedback,
      toast(type, content, durationSeconds = TOAST_SECONDS) {
        add({ kind: 'toast', type, title: content }, durationSeconds);
      },
      notify(type, title, description) {
        add({ kind: 'notice', type, title, description }, NOTIFY_SECONDS);
      },
    });
  }, []);

  const close = (id: number) => setItems((current) => current.filter((item) => item.id !== id));
  const role = (type: FeedbackType) => (type === 'error' || type === 'warning' ? 'alert' : 'status');
  return (
    <>
      <div className="auth-toasts">
        {items
          .filter((item) => item.kind === 'toast')
          .map((item) => (
            <div key={item.id} className="auth-toast" role={role(item.type)}>
              <span className={`auth-tone-${item.type}`}>
                <Icon name={ICONS[item.type]} />
              </span>
              {item.title}
            </div>
          ))}
      </div>
      <div className="auth-notices">
        {items
          .filter((item) => item.kind === 'notice')
          .map((item) => (
            <div key={item.id} className="auth-notice" role={role(item.type)}>
              <span className={`auth-notice-icon auth-tone-${item.type}`}>
                <Icon name={ICONS[item.type]} />
              </span>
              <div className="auth-notice-text">
                <div className="auth-notice-title">{item.title}</div>
                {item.description ? <div>{item.description}</div> : null}
              </div>
              <button
                type="button"
                className="auth-notice-close"
                aria-label="close"
                onClick={() => close(item.id)}
              >
                <Icon name="close" />
              </button>
            </div>
          ))}
      </div>
    </>
  );
}
