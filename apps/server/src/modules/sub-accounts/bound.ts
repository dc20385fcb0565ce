/** What lists need of a sub-account's bindings (issue 21). */
import type { SubAccountPermission } from '@cloudbay/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resources, subAccountDesktops, subAccountPhones } from '../../db/schema';

export function boundToSubAccount(kind: string, subUserId: number): SQL {
  const table = kind === 'desktop' ? subAccountDesktops : kind === 'phone' ? subAccountPhones : undefined;
  // Only desktops and phones are ever bound: any other kind lists nothing to a sub-account.
  if (!table) return sql`false`;
  return sql`${resources.id} IN (SELECT ${table.resourceId} FROM ${table} WHERE ${table.subUserId} = ${subUserId})`;
}

/**
 * What each binding of `subUserId` permits on the listed rows, by public id: the sub-account's
 * console hides the actions a binding does not permit (`son_permissions` on desktop and phone rows).
 */
export async function bindingPermissionsByPublicId(
  db: Db,
  kind: 'desktop' | 'phone',
  subUserId: number,
  publicIds: readonly string[],
): Promise<Map<string, SubAccountPermission[]>> {
  if (!publicIds.length) return new Map();
  const table = kind === 'desktop' ? subAccountDesktops : subAccountPhones;
  const rows = await db
    .select({ publicId: resources.resourceId, permissions: table.permissions })
    .from(table)
    .innerJoin(resources, eq(resources.id, table.resourceId))
    .where(and(eq(table.subUserId, subUserId), inArray(resources.resourceId, [...publicIds])));
  return new Map(rows.map((row) => [row.publicId, row.permissions as SubAccountPermission[]]));
}

/** The list page with each row's `son_permissions` when a sub-account asks (undefined: a main account). */
export async function withBindingPermissions<Page extends { list: object[] }>(
  db: Db,
  kind: 'desktop' | 'phone',
  subUserId: number | undefined,
  page: Page,
  publicIdOf: (row: Page['list'][number]) => string,
): Promise<Page> {
  if (subUserId === undefined) return page;
  const permissions = await bindingPermissionsByPublicId(db, kind, subUserId, page.list.map(publicIdOf));
  return {
    ...page,
    list: page.list.map((row) => ({ ...row, son_permissions: permissions.get(publicIdOf(row)) ?? [] })),
  };
}
