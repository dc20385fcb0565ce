/**
 * The organisation every installation starts with (issue 17 part B), seeded once: a root
 * department "Cloudbay" with Operations, Finance, Support and Customers below it, and a few posts.
 * The setting CUSTOMER_DEPT_ID records the seeding and names the department new sign-ups join;
 * once it exists nothing here runs again, so departments and posts the operators renamed, moved
 * or deleted stay as they left them.
 *
 * Customers and departments: every customer account belongs to the Customers department (sign-up
 * puts it there, the first seeding moves existing customers without a department there). So a
 * role's data scope reaches customers exactly when it reaches that department: scope '1', or
 * '2' with Customers among its departments; an operator role scoped to Support ('3'/'4') sees
 * the Support operators and no customers.
 */
import { ROLE_ADMIN, ROLE_DEFAULT } from '@cloudbay/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depts, posts, sysConfigs, users } from '../../db/schema';
import { findSetting } from './repo';

export const CUSTOMER_DEPT_SETTING = 'CUSTOMER_DEPT_ID';

const ROOT = 'Cloudbay';
const CHILDREN = ['Operations', 'Finance', 'Support'] as const;
const CUSTOMERS = 'Customers';
const POSTS = [
  { code: 'ceo', name: 'CEO' },
  { code: 'manager', name: 'Manager' },
  { code: 'staff', name: 'Staff' },
  { code: 'support', name: 'Support agent' },
];

/** Inserts a department by its natural key (parent, name) unless it exists; answers its id. */
async function ensureDept(
  db: Db,
  name: string,
  parent: { id: number; ancestors: string } | null,
  sort: number,
) {
  const ancestors = parent ? `${parent.ancestors},${parent.id}` : '0';
  await db
    .insert(depts)
    .values({ name, parentId: parent?.id ?? null, ancestors, sort })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: depts.id, ancestors: depts.ancestors })
    .from(depts)
    .where(and(eq(depts.name, name), parent ? eq(depts.parentId, parent.id) : isNull(depts.parentId)));
  return row!;
}

export async function seedOrganizationReferenceData(db: Db): Promise<void> {
  if ((await findSetting(db, CUSTOMER_DEPT_SETTING)) !== undefined) return;
  const root = await ensureDept(db, ROOT, null, 0);
  for (const [index, name] of CHILDREN.entries()) await ensureDept(db, name, root, index + 1);
  const customers = await ensureDept(db, CUSTOMERS, root, CHILDREN.length + 1);
  await db
    .insert(posts)
    .values(POSTS.map((post, index) => ({ ...post, sort: index + 1 })))
    .onConflictDoNothing();

  const holders = (roleKey: string) => sql`${users.id} IN (
    SELECT ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE r.key = ${roleKey})`;
  await db
    .update(users)
    .set({ deptId: root.id })
    .where(and(isNull(users.deptId), holders(ROLE_ADMIN)));
  await db
    .update(users)
    .set({ deptId: customers.id })
    .where(and(isNull(users.deptId), holders(ROLE_DEFAULT)));
  await db
    .insert(sysConfigs)
    .values({
      key: CUSTOMER_DEPT_SETTING,
      name: 'Customers department',
      value: String(customers.id),
      isBuiltin: true,
      remark: 'The department (id) new sign-ups join; data scopes reach customers through it.',
    })
    .onConflictDoNothing({ target: sysConfigs.key });
}

/** The department a new customer joins (null when the setting is missing or not a department id). */
export async function customerDeptId(db: Db): Promise<number | null> {
  const value = Number(await findSetting(db, CUSTOMER_DEPT_SETTING));
  if (!Number.isInteger(value) || value <= 0) return null;
  const [row] = await db.select({ id: depts.id }).from(depts).where(eq(depts.id, value));
  return row?.id ?? null;
}
