import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { currentLanguage } from './lib/i18n';
import { scheduleAreaListLoad } from './lib/regions';
import './app/global.css';

// index.html says zh-CN; screen readers and fonts should follow the language actually shown.
document.documentElement.lang = currentLanguage();

// The purchase pages need the region list; fetch it once the first screen has had its turn (spec §9).
scheduleAreaListLoad();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
