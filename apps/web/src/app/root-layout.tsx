import { Outlet, ScrollRestoration } from 'react-router';
import { FeedbackBridge } from './feedback-bridge';
import { RouteProgress } from './route-progress';
import { useDocumentTitle } from './use-document-title';

/** The root of every route: page title, navigation progress, feedback bridge and scroll handling. */
export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <RouteProgress />
      <FeedbackBridge />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
