import { render } from '@testing-library/react';
import { AuthApp } from '../auth/app';
import { syncLocation, type LoginPageState } from '../auth/navigation';

/**
 * Renders the sign-in entry (src/auth) at `path`, as auth.html does once its strings are there. Its
 * calls go to `fetch`: stub it with fakeFetch (test/fake-api.ts). Tests mock '../auth/document' to
 * see the page loads it asks for.
 */
export function renderAuth(path: string, state: LoginPageState | null = null) {
  window.history.replaceState(state, '', path);
  syncLocation();
  return render(<AuthApp />);
}
