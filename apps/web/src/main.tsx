import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { applyPreloadedStyles } from './app/preloaded-styles';
import { createAppRouter, firstNavigation, prefetchFirstPage } from './app/router';
import { currentLanguage, loadPublicNamespaces } from './lib/i18n';
import { getToken } from './lib/storage';
import { scheduleAreaListLoad } from './lib/regions';
import 'virtual:antd-styles.css';
import './app/global.css';

// index.html says zh-CN; screen readers and fonts should follow the language actually shown.
document.documentElement.lang = currentLanguage();

// The purchase pages need the region list; fetch it once the first screen has had its turn (spec §9).
scheduleAreaListLoad();

// Downloaded since index.html was parsed; applied now, awaited before the first render.
const styles = applyPreloadedStyles();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router starts the first page's guard and chunk at once, in parallel with the locale chunk.
const router = createAppRouter();

// A stored session opens a console page: the shell's code and strings download now, alongside the
// guard's GET /getInfo and /getRouters, not after them.
if (getToken()) prefetchFirstPage(window.location.pathname);

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

// The first render waits for the public translations, so no raw key ever shows. Should their chunk
// fail to load, the app renders anyway: untranslated keys are more use than a blank page. It also
// waits for the stylesheet and the first page (guard and code), so index.html's loader stays until
// the page replaces it.
const publicStrings = loadPublicNamespaces().catch((error: unknown) => console.error(error));
void Promise.all([publicStrings, styles, firstNavigation(router)]).finally(() => render(container));
