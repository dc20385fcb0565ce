/**
 * The sub-account hand-off of issue 21 in local storage (spec §9 `token`, `loginToken`, `isSon`):
 * "enter as this sub-account" opens /moneryContro with the sub-account's new session as `token`
 * and the main account's own as `loginToken`; "back to main account" ends the sub-account's
 * session and puts `loginToken` back as `token`. Local storage, not the tab's sessionStorage as a
 * support tab keeps: spec §9 names it, and the person at the keyboard owns both sessions (every
 * tab of the console follows the switch).
 */
import type { SubAccountEnter } from '@cloudbay/contracts';
import { HANDOVER_PATH } from '../../../lib/access-rule';
import { logOut } from '../../../lib/session';
import { StorageKey, getIsSon, getLoginToken, removeItem, setIsSon, setToken } from '../../../lib/storage';
import { SUB_ACCOUNTS_PATH } from '../paths';

/** Loads a page of the console as a new document (the session's routes are generated anew). */
export function loadConsolePage(path: string): void {
  window.location.assign(path);
}

/**
 * The hand-off address the server answered, when it is this console's /moneryContro carrying a
 * token; anything else (another origin, another path) is refused rather than followed.
 */
export function handoverAddress(enter: Pick<SubAccountEnter, 'url'>): string | null {
  if (!enter.url.startsWith(`${HANDOVER_PATH}?`)) return null;
  const query = new URLSearchParams(enter.url.slice(HANDOVER_PATH.length + 1));
  return query.get('token') && query.get('isSon') ? enter.url : null;
}

/** Whether this console is a sub-account's entered from its main account (it can go back). */
export function canGoBackToMain(): boolean {
  return getIsSon() && getLoginToken() !== null;
}

/**
 * Ends the sub-account's session (POST /logout) and restores the main account's from
 * `loginToken`, then shows the sub-account page as the main account. Whatever the logout
 * answers, the main session comes back: the sub-account's token is gone from this device.
 */
export async function backToMainAccount(): Promise<void> {
  const mainToken = getLoginToken();
  if (!mainToken) return;
  try {
    await logOut();
  } finally {
    setToken(mainToken);
    removeItem(StorageKey.loginToken);
    setIsSon(false);
    loadConsolePage(SUB_ACCOUNTS_PATH);
  }
}
