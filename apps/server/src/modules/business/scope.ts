/**
 * What the business pages share: every customer-bearing list and action of an operator is limited
 * to the customers of their data scope (system/data-scope.ts), read on the `users` table joined to
 * the records; a record outside it answers 404 like a missing one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataScopeCondition } from '../system/data-scope';

/** The operator's scope as a condition on the joined `users` table. */
export function customerScope(db: Db, operatorId: number): Promise<SQL> {
  return dataScopeCondition(db, operatorId, 'users');
}

/**
 * The rows strictly after `belowId` in newest-first order, for keyset export batches: the position
 * is read from the row itself, so the comparison keeps the database's microseconds.
 */
export function belowRow(table: string, belowId: number | undefined): SQL | undefined {
  if (belowId === undefined) return undefined;
  const t = sql.identifier(table);
  return sql`(${t}.created_at, ${t}.id) < (select b.created_at, b.id from ${t} b where b.id = ${belowId})`;
}

/** One page of a list read in SQL, `{ list, total, page, limit }`: the page's rows and the count under the same criteria. */
export async function pageInSql<Row, Item>(
  query: { page: number; limit: number },
  read: {
    rows: (page: { offset: number; limit: number }) => Promise<Row[]>;
    count: () => Promise<number>;
    item: (row: Row) => Item;
  },
) {
  const [rows, total] = await Promise.all([
    read.rows({ offset: (query.page - 1) * query.limit, limit: query.limit }),
    read.count(),
  ]);
  return { list: rows.map(read.item), total, page: query.page, limit: query.limit };
}
