/** What the list offers on a row and on a selection, and when each is offered (the server's `actions`). */
import type { Desktop } from '@cloudbay/contracts';
import type { DesktopAction, SubAccountPermission } from '@cloudbay/contracts/core';
import { desktopActionAllowed, rowOfferShown, type RowOffer } from '../../../lib/sub-account-permissions';
import { allows, renewBlock } from './desktop-rules';

export type RowAction =
  | 'connect'
  | 'start'
  | 'stop'
  | 'reboot'
  | 'edit'
  | 'renew'
  | 'spec'
  | 'rebuild'
  | 'migrate'
  | 'disconnect'
  | 'policy'
  | 'proxy'
  | 'monitor'
  | 'detail';

/** What a selection can be asked (spec §5: a selection is required first). */
export const BATCH_ACTIONS = ['start', 'stop', 'reboot', 'rebuild', 'migrate'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

/** Whether the row's button or menu item for `action` is enabled now. */
export function isOffered(desktop: Desktop, action: RowAction): boolean {
  switch (action) {
    case 'connect':
    case 'start':
    case 'stop':
    case 'reboot':
    case 'rebuild':
    case 'migrate':
    case 'disconnect':
      return allows(desktop, action);
    case 'edit':
      return allows(desktop, 'rename');
    case 'policy':
      return allows(desktop, 'set_policy');
    // A gift or pay-as-you-go desktop opens the dialog that says why it cannot be renewed.
    case 'renew':
      return allows(desktop, 'renew') || (renewBlock(desktop) !== null && desktop.status !== 'deleted');
    // A running desktop opens the dialog that says it must be shut down first.
    case 'spec':
      return allows(desktop, 'modify_spec') || allows(desktop, 'stop');
    case 'monitor':
      return desktop.resource_status === 'created' && desktop.status !== 'deleted';
    // The proxy settings link (issue 19): any desktop that still exists.
    case 'proxy':
      return desktop.status !== 'deleted';
    case 'detail':
      return true;
  }
}

/** The power button of a row: start while it is off (shut down or expired), else shut down. */
export function powerAction(desktop: Desktop): 'start' | 'stop' {
  const off = desktop.status === 'shutdown' || desktop.status === 'expired';
  return off || allows(desktop, 'start') ? 'start' : 'stop';
}

/** Each row action as the sub-account rules see it (issue 21). */
const ROW_OFFERS: Record<RowAction, RowOffer<DesktopAction>> = {
  connect: 'connect',
  start: 'start',
  stop: 'stop',
  reboot: 'reboot',
  edit: 'rename',
  renew: 'renew',
  spec: 'modify_spec',
  rebuild: 'rebuild',
  migrate: 'migrate',
  disconnect: 'disconnect',
  policy: 'set_policy',
  proxy: 'main',
  monitor: 'view',
  detail: 'view',
};

/** Whether a row shows `action` to a sub-account with `permissions` (undefined: a main account, all). */
export function isShownTo(
  permissions: readonly SubAccountPermission[] | undefined,
  action: RowAction,
): boolean {
  return rowOfferShown(ROW_OFFERS[action], permissions, desktopActionAllowed);
}
