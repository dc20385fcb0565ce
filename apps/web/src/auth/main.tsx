/**
 * The light entry of the sign-in pages (auth.html: /login, /register, /forget): React and i18next
 * only, no antd, TanStack Query or react-router (build/light-entry-guard.ts fails the build
 * otherwise, or over its size budget), so the first page of every visitor is quick. After login the
 * console loads.
 */
// First: starts the strings' download before the other modules run.
import { publicStrings } from './public-strings';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage } from '../lib/i18n';
import { AuthApp } from './app';
import { onFirstInteraction } from './first-interaction';
import { leaveLoginWhenSignedIn } from './navigation';
import './auth.css';

// Once the visitor starts on a form, the console's code is fetched into the cache at idle time, so
// the first page after login is quick. The prefetcher is a chunk of its own: a visitor who only
// looks costs nothing.
onFirstInteraction(
  () => void import('./console-prefetch').then((module) => module.prefetchConsoleWhenIdle()),
);

if (!leaveLoginWhenSignedIn()) {
  document.documentElement.lang = currentLanguage();
  const container = document.getElementById('root');
  if (!container) throw new Error('auth.html has no #root element');
  // The first render waits for the public translations, so no raw key ever shows (should their
  // chunk fail, the page renders anyway), and for the skeleton's first frame: rendering as soon as
  // the strings were there often held that paint back until the form was laid out (4× A/B, 30 loads
  // each: first paint p50 500 → 444 ms, usable 784 → 747 ms).
  const afterFirstFrame = new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  void Promise.all([publicStrings, afterFirstFrame]).then(() =>
    createRoot(container).render(
      <StrictMode>
        <AuthApp />
      </StrictMode>,
    ),
  );
}
