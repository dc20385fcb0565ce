import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthPagePath } from '@cloudbay/contracts/core';
import { bindFeedback, fallbackFeedback, hasPendingFeedback } from '../lib/feedback';
import { storedDynamicTitle } from '../lib/dynamic-title';
import { useAuthLocation } from './navigation';
import { ForgetPage } from './pages/forget-page';
import { LoginPage } from './pages/login-page';
import { RegisterPage } from './pages/register-page';

// Most visits show no message: the toasts' code and icons load with the first one.
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Whether the toaster is needed yet. Until it is, a stand-in keeps the messages told (the feedback
 * adapter's pending list) and asks for it; once loaded, the toaster binds and shows them.
 */
function useToasterNeeded(): boolean {
  const [needed, setNeeded] = useState(hasPendingFeedback);
  useEffect(() => {
    if (needed) return;
    return bindFeedback({
      ...fallbackFeedback,
      toast(...args) {
        fallbackFeedback.toast(...args);
        setNeeded(true);
      },
      notify(...args) {
        fallbackFeedback.notify(...args);
        setNeeded(true);
      },
    });
  }, [needed]);
  return needed;
}

const PAGES: Record<AuthPagePath, { title: 'login' | 'register' | 'forget'; Page: () => React.JSX.Element }> =
  {
    '/login': { title: 'login', Page: LoginPage },
    '/register': { title: 'register', Page: RegisterPage },
    '/forget': { title: 'forget', Page: ForgetPage },
  };

/** The sign-in pages: the one the address names, titled '<page title> - Cloudbay' as the console titles its pages. */
export function AuthApp() {
  const { t } = useTranslation();
  const location = useAuthLocation();
  const { title, Page } = PAGES[location.page];
  const brand = t('brand');
  const toasterNeeded = useToasterNeeded();
  const documentTitle = storedDynamicTitle() ? `${t(`route.${title}`)} - ${brand}` : brand;

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  return (
    <>
      {/* A new page (or the same path entered again) starts with fresh fields. */}
      <Page key={`${location.page}${location.search.toString()}${JSON.stringify(location.state)}`} />
      {toasterNeeded ? (
        <Suspense>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}
