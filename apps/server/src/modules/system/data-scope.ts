/**
 * Data scopes (RuoYi `data_scope`): which accounts an operator's roles let them see, as a SQL
 * condition on a users-table alias that any list (users, customers, anything joined to users)
 * can add to its WHERE. With several roles the widest wins, because the scopes are OR-ed:
 * '1' all (also the admin role), '2' the departments in `role_depts`, '3' the operator's own
 * department, '4' that department and every one below it (by `ancestors`), '5' only the
 * operator's own account. Only enabled roles count. The departments an operator sees follow the
 * same scope (`deptScopeSql`).
 */
import { ROLE_ADMIN } from '@cloudbay/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depts, roles, userRoles, users } from '../../db/schema';

export interface DataScope {
  userId: number;
  deptId: number | null;
  /** Each enabled role of the operator with its scope. */
  roles: Array<{ roleId: number; key: string; dataScope: string }>;
}

export async function loadDataScope(db: Db, userId: number): Promise<DataScope> {
  const [me] = await db.select({ deptId: users.deptId }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({ roleId: roles.id, key: roles.key, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 'enabled')));
  return { userId, deptId: me?.deptId ?? null, roles: rows };
}

/** A subquery of the department's id and the ids of every department below it. */
export function deptSubtreeIds(deptId: number): SQL {
  return sql`SELECT c.id FROM depts c, depts d
    WHERE d.id = ${deptId}
      AND (c.id = d.id OR c.ancestors = d.ancestors || ',' || d.id
        OR c.ancestors LIKE d.ancestors || ',' || d.id || ',%')`;
}

const ALIAS = /^[a-z_][a-z0-9_]*$/;

/** Whether the operator sees every customer (admin, or a role with scope 1). */
export const reachesAll = (scope: DataScope) =>
  scope.roles.some((role) => role.key === ROLE_ADMIN || role.dataScope === '1');

/** The department-based clauses ('2', '3', '4') on a department id column. */
function deptClauses(scope: DataScope, deptId: SQL): SQL[] {
  const clauses: SQL[] = [];
  const custom = scope.roles.filter((role) => role.dataScope === '2').map((role) => role.roleId);
  if (custom.length > 0) {
    clauses.push(
      sql`${deptId} IN (SELECT rd.dept_id FROM role_depts rd WHERE rd.role_id IN (${sql.join(
        custom.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  }
  const has = (value: string) => scope.roles.some((role) => role.dataScope === value);
  if (scope.deptId !== null && has('3')) clauses.push(sql`${deptId} = ${scope.deptId}`);
  if (scope.deptId !== null && has('4')) clauses.push(sql`${deptId} IN (${deptSubtreeIds(scope.deptId)})`);
  return clauses;
}

/**
 * The condition on `alias` (a users-table alias, e.g. 'u' or 'users'); `sql\`true\`` for scope '1'.
 * '5' matches rows whose `selfColumn` is the operator: their own row by default, the customers
 * they own on the customer pages (`owner_operator_id`).
 */
export function dataScopeSql(scope: DataScope, alias: string, selfColumn = 'id'): SQL {
  if (!ALIAS.test(alias)) throw new Error(`not a table alias: ${alias}`);
  const a = sql.identifier(alias);
  if (reachesAll(scope)) return sql`true`;
  const clauses = deptClauses(scope, sql`${a}.dept_id`);
  // '5', and also an operator whose roles name no scope that reaches anyone: at least themselves.
  const self = scope.roles.some((role) => role.dataScope === '5');
  if (self || clauses.length === 0) clauses.push(sql`${a}.${sql.identifier(selfColumn)} = ${scope.userId}`);
  return sql`(${sql.join(clauses, sql` OR `)})`;
}

/**
 * The departments the scope reaches, as a condition on the `depts` table (RuoYi scopes the
 * department list and tree alike): '5' ("only self") reaches no department, as in RuoYi.
 */
export function deptScopeSql(scope: DataScope): SQL {
  if (reachesAll(scope)) return sql`true`;
  const clauses = deptClauses(scope, sql`${depts.id}`);
  return clauses.length === 0 ? sql`false` : sql`(${sql.join(clauses, sql` OR `)})`;
}

/** The operator's condition on `alias`, loaded and built in one call. */
export async function dataScopeCondition(db: Db, operatorId: number, alias: string): Promise<SQL> {
  return dataScopeSql(await loadDataScope(db, operatorId), alias);
}

/** The operator's condition on the `depts` table, loaded and built in one call. */
export async function deptScopeCondition(db: Db, operatorId: number): Promise<SQL> {
  return deptScopeSql(await loadDataScope(db, operatorId));
}
