/** Fixtures over the orders of purchases, renewals and changes (not the top-up orders of test/topups.ts). */
import type { Database } from '../src/db/client';

/** An order's resource status and what was paid and refunded on it, read straight from the table. */
export async function orderSettlement(database: Database, no: string) {
  const { rows } = await database.pool.query<{
    resource_status: string;
    paid_amount_micros: bigint;
    refunded_amount_micros: bigint;
  }>('SELECT resource_status, paid_amount_micros, refunded_amount_micros FROM orders WHERE no = $1', [no]);
  return rows[0]!;
}
