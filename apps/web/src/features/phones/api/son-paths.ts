/**
 * Spec §6: a sub-account (local storage `isSon` true) reads its main account's phone groups and
 * replaces devices on paths of its own; the main account's paths answer it 403 and vice versa.
 * Read at each call, so an "enter as sub-account" or "back to main account" takes effect at once.
 */
import { getIsSon } from '../../../lib/storage';

export const PHONE_GROUPS_PATH = '/user/ph/phone_data/group';
export const SON_PHONE_GROUPS_PATH = '/user/son_account/phone_data/group';
export const PHONE_REPLACE_PATH = '/user/ph/phone/replace_v2';
export const SON_PHONE_REPLACE_PATH = '/user/son_account/phone/replace_v2';

/** Where the phone groups are listed (GET). Writes to groups keep the main path: a sub-account has none. */
export function phoneGroupListPath(): string {
  return getIsSon() ? SON_PHONE_GROUPS_PATH : PHONE_GROUPS_PATH;
}

/** Where device replacement is posted. */
export function phoneReplacePath(): string {
  return getIsSon() ? SON_PHONE_REPLACE_PATH : PHONE_REPLACE_PATH;
}
