/**
 * A sub-account's console (issue 21): the customer menus it makes sense in, and nothing that buys,
 * tops up, spends or manages sub-accounts, referrals or networks. Its phones show only when its
 * main account has the phone flag. Keys of identity/reference-data.ts's customer menus.
 */
import type { Db } from '../../db/client';
import { findUserById } from '../identity/repo';

const SUB_ACCOUNT_MENU_KEYS = new Set([
  'cloud',
  'cloud-list',
  'cloud-log',
  'cloud-notice',
  'account',
  'account-profile',
]);
const SUB_ACCOUNT_PHONE_MENU_KEYS = new Set(['phone', 'phone-list', 'phone-group']);

/** The main account of a sub-account (undefined for any other account). */
export async function mainAccountOfUser(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  return user?.parentId ? findUserById(db, user.parentId) : undefined;
}

/** The customer menus a sub-account of `main` sees. */
export function subAccountMenus<T extends { key: string }>(rows: T[], main: { phWhiteUser: number }): T[] {
  return rows.filter(
    (row) =>
      SUB_ACCOUNT_MENU_KEYS.has(row.key) ||
      (main.phWhiteUser === 1 && SUB_ACCOUNT_PHONE_MENU_KEYS.has(row.key)),
  );
}
