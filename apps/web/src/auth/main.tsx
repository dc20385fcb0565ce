/**
 * The light entry of the sign-in pages (auth.html: /login, /register, /forget): React and i18next
 * only, no antd, axios, TanStack Query or react-router (vite.config.ts `lightEntryGuard` fails the
 * build otherwise), so the first page of every visitor is quick. After login the console loads.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, loadPublicNamespaces } from '../lib/i18n';
import { AuthApp } from './app';
import { leaveLoginWhenSignedIn } from './navigation';
import './auth.css';

// Work to start once the visitor begins to type (e.g. prefetching the console) hooks in with
// onFirstInteraction (./first-interaction.ts).

if (!leaveLoginWhenSignedIn()) {
  document.documentElement.lang = currentLanguage();
  const container = document.getElementById('root');
  if (!container) throw new Error('auth.html has no #root element');
  // The first render waits for the public translations, so no raw key ever shows; should their
  // chunk fail, the page renders anyway.
  void loadPublicNamespaces()
    .catch((error: unknown) => console.error(error))
    .finally(() =>
      createRoot(container).render(
        <StrictMode>
          <AuthApp />
        </StrictMode>,
      ),
    );
}
