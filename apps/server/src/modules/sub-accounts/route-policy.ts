/**
 * What a sub-account's session may call (issue 21), route by route: everything not listed here is
 * refused (403 SUB_ACCOUNT_NOT_ALLOWED) before it runs, so purchases, top-ups, the wallet, orders,
 * networks, policies, the referral rebate and the sub-account management stay the main account's, and a route added
 * later is closed to sub-accounts until someone decides otherwise here.
 * - `self`: the route reads or writes the sub-account's own things (profile, notices, sessions);
 * - `main`: the route acts on the main account's resources (the session's `userId` becomes the
 *   main account's), limited to the resources named in `resource`, which must be bound to the
 *   sub-account and permit `permission` (unbound: 404, not permitted: 403 naming it). Lists are
 *   filtered to the bound resources (`boundSubAccountOf`).
 */
import type { SubAccountPermission, SubAccountResourceKind } from '@cloudbay/contracts';

interface RequestParts {
  params: unknown;
  body: unknown;
  query: unknown;
}

export interface SubAccountRoutePolicy {
  scope: 'self' | 'main';
  resource?: { kind: SubAccountResourceKind; ids: (request: RequestParts) => string[] };
  /** What each named resource's binding must permit; none: being bound is enough (reading). */
  permission?: SubAccountPermission | ((body: unknown) => SubAccountPermission);
}

const field = (from: 'params' | 'body', name: string) => (request: RequestParts) => {
  const value = (request[from] as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return value.map(String);
  return value === undefined || value === null ? [] : [String(value)];
};

const actionOf = (body: unknown) => String((body as { action?: unknown } | undefined)?.action ?? '');
/** Desktop run actions (start, stop, reboot) and phone ones (start, stop, restart, reset). */
const runPermission = (body: unknown): SubAccountPermission => {
  const action = actionOf(body);
  if (action === 'reboot' || action === 'restart') return 'restart';
  if (action === 'reset') return 'reset_replace';
  return 'start_stop';
};

const desktop = (ids: (request: RequestParts) => string[]) => ({ kind: 'desktop' as const, ids });
const phone = (ids: (request: RequestParts) => string[]) => ({ kind: 'phone' as const, ids });
const desktopParam = desktop(field('params', 'desktop_id'));
const desktopAlias = desktop(field('params', 'id'));
const phoneParam = phone(field('params', 'id'));
const phoneBodyIds = phone(field('body', 'phone_ids'));

/** A route on the main account's resources named by `resource`, whose bindings must permit `permission`. */
const onMain = (
  resource: SubAccountRoutePolicy['resource'],
  permission?: SubAccountRoutePolicy['permission'],
): SubAccountRoutePolicy => ({ scope: 'main', resource, permission });

const SELF: SubAccountRoutePolicy = { scope: 'self' };
const MAIN: SubAccountRoutePolicy = { scope: 'main' };

/** Keyed `METHOD /api/url` as the route was registered. */
export const SUB_ACCOUNT_ROUTES: Readonly<Record<string, SubAccountRoutePolicy>> = {
  // The sub-account's own session, profile, notices and the shared dictionaries.
  'GET /api/user': SELF,
  'GET /api/getInfo': SELF,
  'GET /api/getRouters': SELF,
  'POST /api/logout': SELF,
  'GET /api/user/sessions': SELF,
  'DELETE /api/user/sessions/:id': SELF,
  'GET /api/user/edit_password/validate_code': SELF,
  // Not 'PUT /api/user/password': its e-mailed code goes to the main account's address; a
  // sub-account changes its password with the current one (own_password).
  'PUT /api/user/son_account/own_password': SELF,
  'GET /api/user/user_notice': SELF,
  'PUT /api/user/user_notice/:notice_id': SELF,
  'GET /api/user/sys_notice': SELF,
  'POST /api/user/sys_notice/read': SELF,
  'GET /api/system/dict/data/type/:type': SELF,
  'GET /api/system/dict/type-data/:type': SELF,
  // Spec §6 isSon paths: they find the main account themselves (mainAccountOf).
  'GET /api/user/son_account/phone_data/group': SELF,
  'POST /api/user/son_account/phone/replace_v2': {
    scope: 'self',
    resource: phoneBodyIds,
    permission: 'reset_replace',
  },

  // Cloud computers: the bound ones only.
  'GET /api/user/desktop': MAIN,
  'GET /api/user/desktop/region_count': MAIN,
  'PUT /api/user/desktop/:desktop_id/run_status': onMain(desktopParam, runPermission),
  'PUT /api/user/desktop/run_status': onMain(desktop(field('body', 'desktop_ids')), runPermission),
  'PUT /api/user/desktop/:desktop_id/renew': onMain(desktopParam, 'renew'),
  'PUT /api/user/desktop/batch_rebuild': onMain(desktop(field('body', 'desktop_ids')), 'reinstall'),
  'PUT /api/user/desktop/:desktop_id/disconnect': onMain(desktopParam, 'connect'),
  'GET /api/user/desktop/:desktop_id/accounts': onMain(desktopParam),
  'POST /api/user/wy_auth/get_login_token': onMain(desktop(field('body', 'desktop_id')), 'connect'),
  // Monitoring of the bound desktops.
  'GET /api/user/desktop/:desktop_id/network_flow': onMain(desktopParam),
  'GET /api/user/desktop/:desktop_id/real_time_data': onMain(desktopParam),
  'GET /api/user/desktop/:id/process': onMain(desktopAlias),
  // What the renew and reinstall dialogs read.
  'GET /api/user/u_period_discount': MAIN,
  'GET /api/user/desktop_image': MAIN,

  // Cloud phones: the bound ones only (the phone flag is still the main account's).
  'GET /api/user/ph/phone': MAIN,
  'POST /api/user/ph/phone/action': onMain(phoneBodyIds, runPermission),
  'GET /api/user/ph/phone/:id/renew_price': onMain(phoneParam, 'renew'),
  'POST /api/user/ph/phone/:id/renew': onMain(phoneParam, 'renew'),
  'POST /api/user/ph/phone/connection_ticket': onMain(phoneBodyIds, 'connect'),
  'GET /api/user/ph/phone/:id/screenshot': onMain(phoneParam, 'connect'),
  'POST /api/user/ph/phone/:id/run_command': onMain(phoneParam, 'command'),
  'POST /api/user/ph/phone/:id/enable_adb': onMain(phoneParam, 'command'),
  'POST /api/user/ph/phone/:id/close_adb': onMain(phoneParam, 'command'),
  'POST /api/user/ph/phone/:id/import_contacts': onMain(phoneParam, 'command'),
  'GET /api/user/ph/ph_prop/brand': MAIN,
  'GET /api/user/ph/ph_image': MAIN,

  // A bound desktop's or phone's order history, without amounts (resource_order checks the
  // binding itself: the resource is named by the query). The statistics are the spending
  // centre's, which sub-accounts have not (spec §2): not listed, refused.
  'GET /api/user/resource_order': MAIN,
};

/** The policy of a route for a sub-account, or undefined: refused. */
export function subAccountRoutePolicy(method: string, url: string): SubAccountRoutePolicy | undefined {
  return SUB_ACCOUNT_ROUTES[`${method} ${url}`];
}
