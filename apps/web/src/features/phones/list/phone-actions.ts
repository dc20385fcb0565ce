/**
 * What the phone list offers on a row and on a selection, built in this one file: the run actions
 * (POST /user/ph/phone/action), the list's own dialogs, and `PHONE_DIALOG_ENTRIES`, the place where
 * the dialogs other parts of the phone console build are added (run command, ADB, import contacts,
 * replace device): each is a component taking `{ phones, open, onClose }`, and an entry there puts
 * it in the row menu and, when it works on a selection, in the batch actions.
 */
import type { Phone } from '@cloudbay/contracts';
import type { PhoneAction, PhoneRunAction, SubAccountPermission } from '@cloudbay/contracts/core';
import { i18n } from '../../../lib/i18n';
import { withFeatureNamespaces } from '../../../lib/i18n-console';
import { lazyPart, type LazyPart } from '../../../lib/lazy-part';
import {
  phoneActionAllowed,
  rowOfferShown,
  type PhoneOffer,
  type RowOffer,
} from '../../../lib/sub-account-permissions';
import { loadProxyLinkDialog } from '../../network/proxy-set/link/load';

/** What a row's menu can ask: the run actions, connecting, then the list's own dialogs. */
export type PhoneRowAction = PhoneRunAction | 'connect' | 'edit' | 'group' | 'renew' | 'upgrade';

/** What a selection can be asked (spec §5: a selection is required first). */
export const PHONE_BATCH_ACTIONS = ['start', 'stop', 'restart', 'reset', 'group'] as const;
export type PhoneBatchAction = (typeof PHONE_BATCH_ACTIONS)[number];

/** The row's "More" menu, grouped: settings, billing, then what destroys data. */
export const PHONE_MENU_GROUPS: readonly (readonly PhoneRowAction[])[] = [
  ['edit', 'group'],
  ['renew', 'upgrade'],
  ['reset'],
];

/** The props of a dialog acting on one phone or a selection. */
export interface PhoneDialogProps {
  phones: Phone[];
  open: boolean;
  onClose: () => void;
}

/** A dialog another part of the phone console builds, as the list's menus offer it. */
export interface PhoneDialogEntry {
  /** Unique among the entries; the menu item's test id is `phone-action-<key>`. */
  key: string;
  /** The menu label, already translated for the page's language. */
  label: () => string;
  /** Offered on a selection too (the batch actions' menu). */
  batch: boolean;
  /** Whether the row's item is enabled for this phone (e.g. running only). */
  offered: (phone: Phone) => boolean;
  /** Loaded on demand (prefetched once the list is idle). */
  Dialog: LazyPart<PhoneDialogProps>;
}

const loadPhoneOrders = withFeatureNamespaces(
  'statistics',
  () => import('../../orders/components/phone-orders'),
);

const running = (phone: Phone) => phone.status === 'running';
const offers = (action: PhoneAction) => (phone: Phone) => phone.actions.includes(action);

/** An entry whose menu label is `list.action.<label>` of the phones namespace. */
function tool(
  key: string,
  label: 'runCommand' | 'adb' | 'importContacts' | 'replace' | 'proxyLink',
  offered: (phone: Phone) => boolean,
  Dialog: LazyPart<PhoneDialogProps>,
  batch = false,
): PhoneDialogEntry {
  return { key, label: () => i18n.t(`phones:list.action.${label}`), batch, offered, Dialog };
}

/**
 * The other engineers' dialogs (run command, ADB, import contacts, replace device) join the row
 * menu and the batch menu by being listed here, in the order they are shown.
 */
export const PHONE_DIALOG_ENTRIES: readonly PhoneDialogEntry[] = [
  tool(
    'run_command',
    'runCommand',
    offers('run_command'),
    lazyPart(() => import('../operations/run-command-drawer'), 'RunCommandDrawer'),
  ),
  // The dialog also says why ADB cannot be switched on yet (no key pair attached).
  tool(
    'adb',
    'adb',
    running,
    lazyPart(() => import('./dialogs/list-adb-dialog'), 'ListAdbDialog'),
  ),
  tool(
    'import_contacts',
    'importContacts',
    offers('import_contacts'),
    lazyPart(() => import('../operations/import-contacts-dialog'), 'ImportContactsDialog'),
  ),
  tool(
    'replace',
    'replace',
    (phone) => phone.status === 'running' || phone.status === 'stopped',
    lazyPart(() => import('../operations/replace-device-dialog'), 'ReplaceDeviceDialog'),
    true,
  ),
  // The proxy set's link (issue 19, features/network/proxy-set): any phone that still exists.
  tool(
    'proxy_link',
    'proxyLink',
    (phone) => phone.status !== 'deleted',
    lazyPart(loadProxyLinkDialog, 'PhoneProxyLinkDialog'),
  ),
  // The phone's orders and refunds (issue 22, GET /user/resource_order), deleted phones' too; its
  // label is the orders' own string (the console's), so the phone pages' strings do not grow.
  {
    key: 'order_history',
    label: () => i18n.t('orders:history.title'),
    batch: false,
    offered: () => true,
    Dialog: lazyPart(() => loadPhoneOrders(), 'PhoneOrderHistoryDrawer'),
  },
];

/** Whether the row's button or menu item for `action` is enabled now (the server's `actions`). */
export function isPhoneOffered(phone: Phone, action: PhoneRowAction): boolean {
  if (phone.status === 'deleted') return false;
  switch (action) {
    case 'edit':
      return phone.actions.includes('rename');
    case 'group':
      return true;
    // A ticket is given for a running phone only.
    case 'connect':
      return phone.status === 'running';
    // A pay-as-you-go phone opens the dialog that says why it needs no renewal.
    case 'renew':
      return phone.actions.includes('renew') || phone.billing_method === 'payg';
    default:
      return phone.actions.includes(action);
  }
}

/** The power button of a row: start while it is off, else stop. */
export function phonePowerAction(phone: Phone): 'start' | 'stop' {
  return phone.actions.includes('start') || phone.status === 'stopped' ? 'start' : 'stop';
}

/**
 * Each row action and dialog entry (by key) as the sub-account rules see it (issue 21); an entry
 * not named here is the main account's alone.
 */
const PHONE_ROW_OFFERS: Record<string, RowOffer<PhoneOffer>> = {
  connect: 'connect',
  start: 'start',
  stop: 'stop',
  restart: 'restart',
  reset: 'reset',
  edit: 'rename',
  renew: 'renew',
  upgrade: 'upgrade',
  run_command: 'run_command',
  adb: 'enable_adb',
  import_contacts: 'import_contacts',
  replace: 'replace',
};

/** Whether a row shows the action or dialog `key` to a sub-account with `permissions` (undefined: all). */
export function isPhoneShownTo(
  permissions: readonly SubAccountPermission[] | undefined,
  key: string,
): boolean {
  return rowOfferShown(PHONE_ROW_OFFERS[key] ?? 'main', permissions, phoneActionAllowed);
}
