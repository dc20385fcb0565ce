/**
 * A bound desktop's assigned user follows its sub-accounts (issue 21): binding assigns the desktop
 * to the sub-account's login name, unbinding hands it to another bound sub-account or clears it.
 * Through the desktop module's `updateDesktop` (upstream `assign_user`, ECD ModifyEntitlement), so
 * the cloud and the desktop page agree. A desktop whose state refuses the change keeps its user.
 */
import { isAppError } from '../../lib/errors';
import { updateDesktop } from '../desktops/service';
import type { ActionDeps } from '../provisioning/actions';
import { findResourceOfUser } from '../provisioning/repo';
import { latestBoundNickname } from './repo';

/** The desktop user name of a sub-account: its nickname when the cloud takes it, else `son<id>`. */
export function endUserNameOf(account: { id: number; nickname: string }): string {
  return /^[A-Za-z0-9_.@-]{1,64}$/.test(account.nickname) ? account.nickname : `son${account.id}`;
}

export async function syncDesktopEndUsers(
  deps: ActionDeps,
  mainUserId: number,
  desktopIds: readonly string[],
  change: { added: { id: number; nickname: string } } | { removed: { id: number; nickname: string } },
): Promise<void> {
  const { db } = deps.database;
  for (const desktopId of desktopIds) {
    const row = await findResourceOfUser(db, mainUserId, 'desktop', desktopId);
    if (!row) continue;
    let endUser: string;
    if ('added' in change) {
      endUser = endUserNameOf(change.added);
    } else {
      // Only the user this sub-account was given is handed on; a name the owner typed stays.
      if (row.spec.endUser !== endUserNameOf(change.removed)) continue;
      const next = await latestBoundNickname(db, row.id);
      endUser = next ? endUserNameOf(next) : '';
    }
    try {
      await updateDesktop(deps, mainUserId, desktopId, { end_user: endUser });
    } catch (error) {
      // A desktop being created, released or busy keeps its user; the binding stands.
      if (!isAppError(error)) throw error;
    }
  }
}
