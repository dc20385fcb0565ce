/** The operation log as tests read it: the recorder writes after the answer has gone, so they wait. */
import { desc, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Db } from '../src/db/client';
import { operLogs } from '../src/db/schema';

/** The newest operation on the route pattern `route` by `method` (waited for, 3 s at most). */
export function lastOperation(db: Db, route: string, method = 'PUT') {
  return vi.waitFor(
    async () => {
      const [row] = await db
        .select()
        .from(operLogs)
        .where(eq(operLogs.route, route))
        .orderBy(desc(operLogs.id))
        .limit(1);
      if (!row || row.method !== method) throw new Error(`no ${method} ${route} logged yet`);
      return row;
    },
    { timeout: 3000, interval: 20 },
  );
}
