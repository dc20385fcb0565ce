/**
 * What the business pages share: every customer-bearing list and action of an operator is limited
 * to the customers of their data scope (system/data-scope.ts), read on the `users` table joined to
 * the records; a record outside it answers 404 like a missing one (`inScopeOr404`).
 */
import { ErrorCode, ROLE_DEFAULT } from '@cloudbay/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prefixPattern } from '../../db/like';
import { AppError } from '../../lib/errors';
import { dataScopeSql, loadDataScope, reachesAll } from '../system/data-scope';

/**
 * Where the scope is read: a users-table alias (default `users`), and the column scope '5' ("own
 * data only") compares with the operator: `owner_operator_id`, so on every business page an
 * operator with scope '5' reaches the customers they own (issue 18: the customer's owner operator).
 */
const OWNED_BY = 'owner_operator_id';
export interface ScopeOn {
  alias?: string;
  selfColumn?: string;
}

/** The operator's scope as a condition on the joined users table. */
export async function customerScope(db: Db, operatorId: number, on: ScopeOn = {}): Promise<SQL> {
  return dataScopeSql(await loadDataScope(db, operatorId), on.alias ?? 'users', on.selfColumn ?? OWNED_BY);
}

/**
 * The operator's customers as a condition on any user-id column; undefined when they see everyone,
 * so whole-business queries need no join at all.
 */
export type UserIdScope = ((userId: SQL) => SQL) | undefined;
export async function customerIdScope(db: Db, operatorId: number): Promise<UserIdScope> {
  const scope = await loadDataScope(db, operatorId);
  if (reachesAll(scope)) return undefined;
  const condition = dataScopeSql(scope, 'scope_user', OWNED_BY);
  return (userId: SQL) => sql`${userId} in (select scope_user.id from users scope_user where ${condition})`;
}

/** What `find` reads inside the operator's scope; missing or outside it: 404 with `code`. */
export async function inScopeOr404<T>(
  db: Db,
  operatorId: number,
  code: ErrorCode,
  find: (scope: SQL) => Promise<T | undefined>,
  on: ScopeOn = {},
): Promise<T> {
  const found = await find(await customerScope(db, operatorId, on));
  if (found === undefined) throw new AppError('not_found', code);
  return found;
}

/**
 * Main customer accounts (the customer role, no parent: sub-accounts spend their main account's
 * wallet) within the operator's data scope `scope` (a condition on the alias `u`).
 */
function scopedCustomers(scope: SQL, where: SQL): SQL {
  return sql`
    SELECT u.id, u.email, u.nickname, coalesce(w.balance_micros, 0) AS balance_micros
    FROM users u
    LEFT JOIN ledger_accounts w ON w.owner_user_id = u.id AND w.kind = 'customer_wallet'
    WHERE u.parent_id IS NULL
      AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                  WHERE ur.user_id = u.id AND r.key = ${ROLE_DEFAULT})
      AND ${scope} AND ${where}`;
}

export interface ScopedCustomer {
  id: number;
  email: string;
  nickname: string;
  balanceMicros: bigint;
}

const scopedCustomer = (row: Record<string, unknown>): ScopedCustomer => ({
  id: Number(row.id),
  email: String(row.email),
  nickname: String(row.nickname),
  balanceMicros: BigInt(String(row.balance_micros)),
});

export async function findScopedCustomer(
  db: Db,
  scope: SQL,
  userId: number,
): Promise<ScopedCustomer | undefined> {
  const result = await db.execute(scopedCustomers(scope, sql`u.id = ${userId}`));
  return result.rows[0] ? scopedCustomer(result.rows[0]) : undefined;
}

/** Up to `limit` customers whose e-mail starts with `emailPrefix`, by e-mail (the users' unique index). */
export async function searchScopedCustomers(db: Db, scope: SQL, emailPrefix: string, limit: number) {
  const result = await db.execute(
    sql`${scopedCustomers(scope, sql`u.email LIKE ${prefixPattern(emailPrefix)}`)} ORDER BY u.email LIMIT ${limit}`,
  );
  return result.rows.map(scopedCustomer);
}

/** A customer in the operator's scope (on alias `u`), with their balance; else 404 CUSTOMER_NOT_FOUND. */
export const customerInScopeOr404 = (db: Db, operatorId: number, userId: number) =>
  inScopeOr404(
    db,
    operatorId,
    ErrorCode.CUSTOMER_NOT_FOUND,
    (scope) => findScopedCustomer(db, scope, userId),
    { alias: 'u' },
  );

/**
 * The rows strictly after `belowId` in newest-first order, for keyset export batches: the position
 * is read from the row itself, so the comparison keeps the database's microseconds.
 */
export function belowRow(table: string, belowId: number | undefined): SQL | undefined {
  if (belowId === undefined) return undefined;
  const t = sql.identifier(table);
  return sql`(${t}.created_at, ${t}.id) < (select b.created_at, b.id from ${t} b where b.id = ${belowId})`;
}
