/**
 * Per-binding permissions (issue 21) as the console uses them: which permissions a binding of each
 * kind can hold (the form's checkboxes), and which actions of a desktop or a phone a sub-account
 * may be offered. Pure, so the rules are tested apart from the pages.
 */
import {
  SUB_ACCOUNT_DEFAULT_PERMISSIONS,
  SUB_ACCOUNT_PERMISSIONS,
  type DesktopAction,
  type PhoneAction,
  type SubAccountPermission,
  type SubAccountResourceKind,
} from '@cloudbay/contracts/core';

/**
 * A row's binding permissions in a sub-account's console: the `son_permissions` the server sends
 * on each desktop and phone of a sub-account (absent for a main account's rows, which may do all
 * their state allows). Read loosely so a row without the field is a main account's.
 */
export function bindingPermissionsOf(row: object): readonly SubAccountPermission[] | undefined {
  const value = (row as { son_permissions?: unknown }).son_permissions;
  return Array.isArray(value)
    ? (value.filter((p) =>
        (SUB_ACCOUNT_PERMISSIONS as readonly unknown[]).includes(p),
      ) as SubAccountPermission[])
    : undefined;
}

/** `reset_replace` is a phone's (reset, replace device), `reinstall` a desktop's (rebuild). */
const NOT_FOR: Record<SubAccountResourceKind, SubAccountPermission> = {
  desktop: 'reset_replace',
  phone: 'reinstall',
};

/** The permissions a binding of `kind` may hold (no kind: every binding's, all of them), in the contract's order. */
export function permissionsFor(kind?: SubAccountResourceKind): SubAccountPermission[] {
  return SUB_ACCOUNT_PERMISSIONS.filter((permission) => !kind || permission !== NOT_FOR[kind]);
}

/** A new binding's permissions: connect, start/stop, restart. */
export const DEFAULT_PERMISSIONS: readonly SubAccountPermission[] = SUB_ACCOUNT_DEFAULT_PERMISSIONS;

/** The permission each action needs; an action not named here is never a sub-account's. */
const DESKTOP_ACTION_PERMISSION: Partial<Record<DesktopAction, SubAccountPermission>> = {
  connect: 'connect',
  disconnect: 'connect',
  start: 'start_stop',
  stop: 'start_stop',
  reboot: 'restart',
  rebuild: 'reinstall',
  renew: 'renew',
};

/** Phone actions, plus the two the phone's `actions` do not carry: connect and replace. */
export type PhoneOffer = PhoneAction | 'connect' | 'replace';

const PHONE_ACTION_PERMISSION: Partial<Record<PhoneOffer, SubAccountPermission>> = {
  connect: 'connect',
  start: 'start_stop',
  stop: 'start_stop',
  restart: 'restart',
  reset: 'reset_replace',
  replace: 'reset_replace',
  run_command: 'command',
  renew: 'renew',
};

/**
 * Whether a desktop action may be offered: to a main account always (its state decides), to a
 * sub-account only when the binding permits it. Spec change, migration, rename, policy and
 * auto-renew are the main account's alone.
 */
export function desktopActionAllowed(
  action: DesktopAction,
  permissions: readonly SubAccountPermission[] | undefined,
): boolean {
  if (!permissions) return true;
  const needed = DESKTOP_ACTION_PERMISSION[action];
  return needed !== undefined && permissions.includes(needed);
}

/** As `desktopActionAllowed`, for a phone: upgrade, rename, auto-renew, ADB, contacts stay the main account's. */
export function phoneActionAllowed(
  action: PhoneOffer,
  permissions: readonly SubAccountPermission[] | undefined,
): boolean {
  if (!permissions) return true;
  const needed = PHONE_ACTION_PERMISSION[action];
  return needed !== undefined && permissions.includes(needed);
}

/**
 * A row menu's entry as these rules see it: an action of the resource, 'view' (details,
 * monitoring: open to whoever sees the row) or 'main' (the main account's alone, e.g. groups,
 * proxy settings).
 */
export type RowOffer<A extends string> = A | 'view' | 'main';

/** Whether a row shows `offer`, given its binding permissions (none: a main account's row, all shown). */
export function rowOfferShown<A extends string>(
  offer: RowOffer<A>,
  permissions: readonly SubAccountPermission[] | undefined,
  allowed: (action: A, permissions: readonly SubAccountPermission[]) => boolean,
): boolean {
  if (!permissions || offer === 'view') return true;
  return offer !== 'main' && allowed(offer, permissions);
}

/** A menu's groups with only the entries `keep` keeps; a group left empty goes with its divider. */
export function keepInGroups<T>(groups: readonly (readonly T[])[], keep: (item: T) => boolean): T[][] {
  return groups.map((group) => group.filter(keep)).filter((group) => group.length > 0);
}
