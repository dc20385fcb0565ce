/**
 * Menus (RuoYi's SysMenuController): the tree of directories (M), pages (C) and buttons (F) that
 * getRouters and the permissions of getInfo are built from, read fresh on every request (nothing
 * caches grants), so a change reaches the affected accounts on their next request.
 *
 * Seeded menus (reference data, matched by key at every start) may be edited, disabled or hidden
 * but not deleted: the seed inserts a missing key again, so a deleted one would come back at the
 * next restart. Operator menus carry the name the operator typed (`menus.name`, shown as typed in
 * both languages); seeded ones a title key the web translates, unless an operator renamed them.
 */
import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  ROLE_ADMIN,
  type CheckedTree,
  type Menu,
  type MenuInput,
  type MenuType,
  type StatusFlag,
  type TreeOption,
} from '@cloudbay/contracts';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { menus } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { SEEDED_MENU_KEYS } from '../../identity/reference-data';
import { findRole, findRoleMenuIds } from '../roles/repo';
import { statusFlagOf, statusOfFlag } from '../roles/service';
import { treeOptions } from '../tree-options';

type MenuRow = typeof menus.$inferSelect;
const flag = (on: boolean): StatusFlag => (on ? '0' : '1');

function menuView(row: MenuRow): Menu {
  return {
    menuId: row.id,
    parentId: row.parentId ?? 0,
    menuName: row.name ?? '',
    titleKey: row.titleKey,
    menuType: row.menuType as MenuType,
    path: row.path,
    component: row.component ?? '',
    perms: row.perms ?? '',
    icon: row.icon ?? '',
    orderNum: row.sort,
    visible: flag(!row.hidden),
    status: statusFlagOf(row.status),
    isCache: flag(!row.noCache),
    link: row.link ?? '',
    query: row.query ?? '',
    builtIn: SEEDED_MENU_KEYS.has(row.key),
    createTime: row.createdAt.toISOString(),
  };
}

export async function listMenus(db: Db, filter: { menuName?: string; status?: StatusFlag }) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(menus.status, statusOfFlag(filter.status)));
  if (filter.menuName) {
    const pattern = containsPattern(filter.menuName);
    conditions.push(or(ilike(menus.name, pattern), ilike(menus.titleKey, pattern))!);
  }
  const rows = await db
    .select()
    .from(menus)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(menus.sort), asc(menus.id));
  return rows.map(menuView);
}

async function requireMenu(db: Db, menuId: number): Promise<MenuRow> {
  const [row] = await db.select().from(menus).where(eq(menus.id, menuId));
  if (!row) throw new AppError('not_found', ErrorCode.MENU_NOT_FOUND);
  return row;
}

export async function getMenu(db: Db, menuId: number) {
  return menuView(await requireMenu(db, menuId));
}

const parentInvalid = () => new AppError('validation', ErrorCode.MENU_PARENT_INVALID);

/** The parent must exist, not be a button, and (when moving `menuId`) not be the menu or below it. */
async function checkParent(db: Db, parentId: number, menuId?: number) {
  if (parentId === 0) return;
  if (parentId === menuId) throw parentInvalid();
  const parent = await requireMenu(db, parentId).catch(() => {
    throw parentInvalid();
  });
  if (parent.menuType === 'F') throw parentInvalid();
  if (menuId === undefined) return;
  const result = await db.execute<{ found: boolean }>(sql`
    WITH RECURSIVE up AS (
      SELECT id, parent_id FROM ${menus} WHERE id = ${parentId}
      UNION ALL SELECT m.id, m.parent_id FROM ${menus} m JOIN up ON m.id = up.parent_id
    )
    SELECT exists (SELECT 1 FROM up WHERE id = ${menuId}) AS found`);
  if (result.rows[0]?.found) throw parentInvalid();
}

/** Directories and pages are routes: they need a path (a button has none). */
function checkPath(input: MenuInput) {
  if (input.menuType !== 'F' && !input.path) throw new AppError('validation', ErrorCode.MENU_PATH_REQUIRED);
}

function menuValues(input: MenuInput) {
  const isButton = input.menuType === 'F';
  return {
    parentId: input.parentId === 0 ? null : input.parentId,
    menuType: input.menuType,
    // A button has no route; a directory no page.
    path: isButton ? '' : input.path,
    component: input.menuType === 'C' ? input.component || null : null,
    perms: input.menuType === 'M' ? null : input.perms || null,
    icon: isButton ? null : input.icon || null,
    sort: input.orderNum,
    hidden: input.visible === '1',
    status: statusOfFlag(input.status),
    noCache: input.isCache === '1',
    link: isButton ? null : input.link || null,
    // Only a page opens with route parameters (RuoYi shows the field for pages alone).
    query: input.menuType === 'C' ? input.query || null : null,
  };
}

export async function createMenu(db: Db, input: MenuInput) {
  if (!input.menuName) throw new AppError('validation', ErrorCode.MENU_NAME_REQUIRED);
  checkPath(input);
  await checkParent(db, input.parentId);
  const [row] = await db
    .insert(menus)
    .values({ ...menuValues(input), key: `menu-${randomUUID()}`, titleKey: '', name: input.menuName })
    .returning();
  return menuView(row!);
}

export async function editMenu(db: Db, menuId: number, input: MenuInput) {
  const menu = await requireMenu(db, menuId);
  // A seeded menu left without a typed name keeps its translated title.
  if (!input.menuName && !menu.titleKey) throw new AppError('validation', ErrorCode.MENU_NAME_REQUIRED);
  checkPath(input);
  await checkParent(db, input.parentId, menuId);
  const [row] = await db
    .update(menus)
    .set({ ...menuValues(input), name: input.menuName || null, updatedAt: new Date() })
    .where(eq(menus.id, menuId))
    .returning();
  return menuView(row!);
}

export async function removeMenu(db: Db, menuId: number) {
  const menu = await requireMenu(db, menuId);
  const [child] = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, menuId)).limit(1);
  if (child) throw new AppError('conflict', ErrorCode.MENU_HAS_CHILDREN);
  if (SEEDED_MENU_KEYS.has(menu.key)) throw new AppError('conflict', ErrorCode.MENU_BUILT_IN);
  // role_menus rows go with it (ON DELETE CASCADE): no role keeps a permission to a deleted menu.
  await db.delete(menus).where(eq(menus.id, menuId));
  return { deleted: 1 };
}

/** Every menu as a checkable tree option: typed names as labels, seeded title keys for the web. */
async function menuOptions(db: Db): Promise<TreeOption[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return treeOptions(rows, (row) => ({
    label: row.name ?? '',
    ...(row.name ? {} : { labelKey: row.titleKey }),
    ...(row.status === 'disabled' ? { disabled: true } : {}),
  }));
}

export const menuTreeselect = menuOptions;

/** The menu tree and the menus of a role (`admin` holds them all, whatever its rows say). */
export async function roleMenuTree(db: Db, roleId: number): Promise<CheckedTree> {
  const role = await findRole(db, roleId);
  if (!role) throw new AppError('not_found', ErrorCode.ROLE_NOT_FOUND);
  const tree = await menuOptions(db);
  if (role.key !== ROLE_ADMIN) return { tree, checkedKeys: await findRoleMenuIds(db, roleId) };
  const all = await db.select({ id: menus.id }).from(menus);
  return { tree, checkedKeys: all.map((m) => m.id) };
}
