/** The SQL condition that limits a list of resources to those bound to a sub-account (issue 21). */
import { sql, type SQL } from 'drizzle-orm';
import { resources, subAccountDesktops, subAccountPhones } from '../../db/schema';

export function boundToSubAccount(kind: string, subUserId: number): SQL {
  const table = kind === 'desktop' ? subAccountDesktops : kind === 'phone' ? subAccountPhones : undefined;
  // Only desktops and phones are ever bound: any other kind lists nothing to a sub-account.
  if (!table) return sql`false`;
  return sql`${resources.id} IN (SELECT ${table.resourceId} FROM ${table} WHERE ${table.subUserId} = ${subUserId})`;
}
