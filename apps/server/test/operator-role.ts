/** An operator fixture for permission tests: a signed-in account whose one role holds only the named buttons. */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { menus, roleMenus, roles, userRoles } from '../src/db/schema';
import { loggedInUser } from './accounts';

/** Signs up an account, replaces its customer role by a new role with the menus of `perms`, and logs in. */
export async function operatorWith(app: App, db: Db, perms: string[]) {
  const user = await loggedInUser(app, db);
  const key = `ops_${randomUUID().slice(0, 8)}`;
  const [role] = await db.insert(roles).values({ key, name: key }).returning({ id: roles.id });
  const granted = perms.length
    ? await db.select({ id: menus.id }).from(menus).where(inArray(menus.perms, perms))
    : [];
  if (granted.length !== perms.length) throw new Error(`not every permission is a menu: ${perms.join(',')}`);
  if (granted.length) {
    await db.insert(roleMenus).values(granted.map((menu) => ({ roleId: role!.id, menuId: menu.id })));
  }
  await db.delete(userRoles).where(eq(userRoles.userId, user.userId));
  await db.insert(userRoles).values({ userId: user.userId, roleId: role!.id });
  return user;
}
