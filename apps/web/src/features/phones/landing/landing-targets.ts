/** Where the landing page's buttons lead (spec §2 access rule: the login returns to `redirect`). */
import { HOME_PATH, loginPathFor } from '../../../lib/access-rule';

export const PHONE_BUY_PATH = '/phone/buyph';

/** Buying: the purchase page when signed in, else the login returning there. */
export function buyTarget(signedIn: boolean): string {
  return signedIn ? PHONE_BUY_PATH : loginPathFor(PHONE_BUY_PATH);
}

/** The header's button: the console when signed in, else the login (which lands on the home). */
export function consoleTarget(signedIn: boolean): string {
  return signedIn ? HOME_PATH : '/login';
}
