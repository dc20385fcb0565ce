import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Spin } from 'antd';
import { createPath, useLocation, useNavigate } from 'react-router';
import { isLoginPath, loginPathFor } from '../lib/access-rule';
import { bindFeedback } from '../lib/feedback';

interface Overlay {
  id: number;
  text: string;
}

/**
 * Binds the feedback adapter (lib/feedback.ts) to antd's <App> instance and the router, so the
 * request client's toasts and confirms use the app's theme and locale. Also renders the loading
 * overlay that downloads ask for; overlapping downloads keep it up until the last one ends.
 */
export function FeedbackBridge() {
  const { message, notification, modal } = AntApp.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when a session ends, without binding the adapter anew on every navigation.
  const shown = useRef(location);
  useEffect(() => {
    shown.current = location;
  }, [location]);
  const [overlays, setOverlays] = useState<Overlay[]>([]);

  useEffect(() => {
    let nextId = 0;
    return bindFeedback({
      toast(type, content, durationSeconds) {
        void message.open({ type, content, duration: durationSeconds });
      },
      notify(type, title, description) {
        notification.open({ type, title, description });
      },
      confirm({ title, content, okText, cancelText }) {
        return new Promise((resolve) => {
          modal.confirm({
            title,
            content,
            okText,
            cancelText,
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        });
      },
      navigate(path) {
        void navigate(path);
      },
      relogin() {
        if (isLoginPath(shown.current.pathname)) return;
        void navigate(loginPathFor(createPath(shown.current)), { replace: true });
      },
      showLoading(text) {
        const id = ++nextId;
        setOverlays((current) => [...current, { id, text }]);
        return () => setOverlays((current) => current.filter((overlay) => overlay.id !== id));
      },
    });
  }, [message, notification, modal, navigate]);

  const top = overlays.at(-1);
  return <Spin fullscreen spinning={top !== undefined} description={top?.text} />;
}
