/** Roles, permissions and the menu tree of a user (GET /getInfo, GET /getRouters, route checks). */
import {
  ALL_PERMISSIONS,
  ROLE_ADMIN,
  ROLE_DEFAULT,
  ROLE_SUB_ACCOUNT,
  parseRouteQuery,
  type RouterNode,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { findMenus, findRoleKeys, type MenuRow } from './repo';
import { mainAccountOfUser, subAccountMenus } from '../sub-accounts/menus';

export interface Grants {
  roles: string[];
  permissions: string[];
}

/** The user's role keys: ROLE_DEFAULT when none, ROLE_SUB_ACCOUNT for a sub-account (issue 21). */
async function loadRoles(db: Db, userId: number): Promise<string[]> {
  const roleKeys = await findRoleKeys(db, userId);
  if (roleKeys.length > 0) return roleKeys;
  return (await mainAccountOfUser(db, userId)) ? [ROLE_SUB_ACCOUNT] : [ROLE_DEFAULT];
}

/** The menus of the roles: every menu for admins; a sub-account's part of the customer menus. */
async function menusOf(db: Db, roles: string[], userId: number): Promise<MenuRow[]> {
  if (roles.includes(ROLE_SUB_ACCOUNT)) {
    const main = await mainAccountOfUser(db, userId);
    return main ? subAccountMenus(await findMenus(db, [ROLE_DEFAULT]), main) : [];
  }
  return findMenus(db, roles.includes(ROLE_ADMIN) ? 'all' : roles);
}

/** The user's roles and permissions ('*:*:*' for admins; none for a sub-account). */
export async function loadGrants(db: Db, userId: number): Promise<Grants> {
  const roles = await loadRoles(db, userId);
  if (roles.includes(ROLE_ADMIN)) return { roles, permissions: [ALL_PERMISSIONS] };
  if (roles.includes(ROLE_SUB_ACCOUNT)) return { roles, permissions: [] };
  const menus = await menusOf(db, roles, userId);
  const permissions = [...new Set(menus.map((m) => m.perms).filter((p): p is string => !!p))].sort();
  return { roles, permissions };
}

export function hasPermission(grants: Grants, permission: string): boolean {
  return grants.permissions.includes(ALL_PERMISSIONS) || grants.permissions.includes(permission);
}

export function hasRole(grants: Grants, role: string): boolean {
  return grants.roles.includes(ROLE_ADMIN) || grants.roles.includes(role);
}

/** The menu tree the user may see: directories and pages (buttons are permissions, not routes). */
export async function loadRouterTree(db: Db, userId: number): Promise<RouterNode[]> {
  const menus = await menusOf(db, await loadRoles(db, userId), userId);
  return buildRouterTree(menus.filter((m) => m.menuType !== 'F'));
}

/** Builds the nested routes of spec §2 from flat menu rows (exported for unit tests). */
export function buildRouterTree(rows: MenuRow[]): RouterNode[] {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const ids = new Set(rows.map((r) => r.id));
  const toNode = (row: MenuRow, depth: number): RouterNode => {
    const children = (byParent.get(row.id) ?? []).map((child) => toNode(child, depth + 1));
    const isDirectory = row.menuType === 'M';
    // Stored text was checked when it was saved; a row written by hand that does not parse is skipped.
    const query = row.query ? parseRouteQuery(row.query) : undefined;
    const node: RouterNode = {
      name: row.key,
      path: row.path,
      component: isDirectory ? (depth === 0 ? 'Layout' : 'ParentView') : (row.component ?? ''),
      hidden: row.hidden,
      ...(query && Object.keys(query).length > 0 ? { query } : {}),
      meta: {
        title: row.titleKey,
        ...(row.name ? { label: row.name } : {}),
        icon: row.icon,
        noCache: row.noCache,
        link: row.link,
        permissions: row.perms ? [row.perms] : [],
      },
    };
    if (isDirectory) {
      node.children = children;
      const first = children.find((c) => !c.hidden);
      if (first) node.redirect = joinPath(row.path, first.path);
    }
    return node;
  };
  // Rows whose parent is not visible to the user hang off the top, as their own entries.
  const roots = rows.filter((r) => r.parentId === null || !ids.has(r.parentId));
  return roots.map((row) => toNode(row, 0));
}

function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}
