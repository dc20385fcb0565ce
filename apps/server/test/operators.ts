/**
 * Operators of a role the test shapes: an account whose only role is its own, granted exactly the
 * permissions the test names. Grants are read on every request, so `grant` takes effect at once.
 */
import { inArray, sql } from 'drizzle-orm';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { menus, roleMenus, roles, userRoles } from '../src/db/schema';
import { loggedInUser } from './accounts';

export type TestOperator = Awaited<ReturnType<typeof operatorWithRole>>;

export async function operatorWithRole(app: App, db: Db, roleKey: string) {
  const account = await loggedInUser(app, db);
  const [role] = await db.insert(roles).values({ key: roleKey, name: roleKey }).returning({ id: roles.id });
  const roleId = role!.id;
  await db.delete(userRoles).where(sql`${userRoles.userId} = ${account.userId}`);
  await db.insert(userRoles).values({ userId: account.userId, roleId });

  /** The role holds exactly `permissions` (a button menu is made for one the seed lacks). */
  async function grant(permissions: readonly string[]) {
    await db.delete(roleMenus).where(sql`${roleMenus.roleId} = ${roleId}`);
    if (permissions.length === 0) return;
    await db
      .insert(menus)
      .values(permissions.map((perms) => ({ key: `test:${perms}`, menuType: 'F', titleKey: perms, perms })))
      .onConflictDoNothing();
    const held = await db
      .select({ id: menus.id })
      .from(menus)
      .where(inArray(menus.perms, [...permissions]));
    await db.insert(roleMenus).values(held.map((menu) => ({ roleId, menuId: menu.id })));
  }

  return { ...account, roleId, grant };
}
