/**
 * GET /user/statistics/son_account_rank (issue 21): the main account's sub-accounts ranked by what
 * their bound resources cost it this month, then by time online. Set-based: one query for the list.
 *
 * A resource's cost is what the money says it cost, per resource:
 * - each order paid this month that names it: its share of the order (`shareOf` of provisioning's
 *   jobs, the split the refunds use: an order of several resources is one configuration bought
 *   `quantity` times, its shares differing by the odd micro-dollar and adding up to what it
 *   charged), less what was refunded for that resource (the ledger's per-resource refund keys
 *   `order-refund:<no>:<resource>` — a creation that failed, a change the cloud refused — and
 *   `release-refund:<no>:<resource>`, an operator's release), less its share of any refund of the
 *   order as a whole (an operator's order refund names no resource);
 * - plus the usage charges this month referencing it (pay-as-you-go hours, traffic).
 */
import type { SubAccountRank } from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { formatDollars } from '../../lib/money';

/** The UTC month `YYYY-MM` as its first instant and the next month's. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, index - 1, 1)), to: new Date(Date.UTC(year, index, 1)) };
}

export const monthOf = (now: Date) =>
  `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

export async function subAccountRank(db: Db, mainUserId: number, month: string): Promise<SubAccountRank> {
  const { from, to } = monthRange(month);
  const result = await db.execute<{
    id: string;
    nickname: string;
    cost: string;
    spent: string;
    online_seconds: string;
  }>(sql`
    WITH bound AS (
      SELECT b.sub_user_id, r.resource_id FROM sub_account_desktops b JOIN resources r ON r.id = b.resource_id
      UNION
      SELECT b.sub_user_id, r.resource_id FROM sub_account_phones b JOIN resources r ON r.id = b.resource_id
    ), order_part AS (
      -- One row per resource an order paid this month names: its position and the order's count.
      SELECT o.id AS order_id, o.paid_amount_micros AS paid, o.refunded_amount_micros AS refunded,
        part.rid AS resource_id, part.position - 1 AS idx, jsonb_array_length(o.resource_ids) AS n,
        (SELECT coalesce(sum(e.amount_micros), 0) FROM ledger_transactions t
          JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount_micros > 0
          WHERE t.kind = 'refund' AND t.idempotency_key IN
            ('order-refund:' || o.no || ':' || part.rid, 'release-refund:' || o.no || ':' || part.rid)
        ) AS named_refund
      FROM orders o
      CROSS JOIN LATERAL jsonb_array_elements_text(o.resource_ids) WITH ORDINALITY AS part(rid, position)
      WHERE o.user_id = ${mainUserId} AND o.status = 'paid' AND o.paid_at >= ${from} AND o.paid_at < ${to}
    ), order_whole_refund AS (
      -- What an order refunded without naming a resource (an operator's refund of the order).
      SELECT order_id, greatest(0, min(refunded) - sum(named_refund)) AS micros
      FROM order_part GROUP BY order_id
    ), order_cost AS (
      SELECT p.resource_id, sum(greatest(0,
        (p.paid * (p.idx + 1)) / p.n - (p.paid * p.idx) / p.n
        - ((w.micros * (p.idx + 1)) / p.n - (w.micros * p.idx) / p.n)
        - p.named_refund)) AS micros
      FROM order_part p JOIN order_whole_refund w ON w.order_id = p.order_id
      GROUP BY p.resource_id
    ), usage_cost AS (
      SELECT t.reference AS resource_id, sum(e.amount_micros) FILTER (WHERE e.amount_micros > 0) AS micros
      FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.user_id = ${mainUserId} AND t.kind IN ('payg_hourly', 'traffic')
        AND t.created_at >= ${from} AND t.created_at < ${to}
      GROUP BY t.reference
    ), cost AS (
      SELECT b.sub_user_id,
        sum(coalesce(oc.micros, 0) + coalesce(uc.micros, 0)) AS micros
      FROM bound b
      LEFT JOIN order_cost oc ON oc.resource_id = b.resource_id
      LEFT JOIN usage_cost uc ON uc.resource_id = b.resource_id
      GROUP BY b.sub_user_id
    )
    SELECT u.id, u.nickname,
      coalesce(c.micros, 0)::bigint::text AS cost,
      (SELECT coalesce(sum(ch.amount_micros), 0) FROM sub_account_charges ch
        WHERE ch.sub_user_id = u.id AND ch.created_at >= ${from} AND ch.created_at < ${to})::text AS spent,
      (SELECT coalesce(sum(greatest(0, extract(epoch FROM
          least(s.last_seen_at, ${to}::timestamptz) - greatest(s.created_at, ${from}::timestamptz)))), 0)
        FROM sessions s WHERE s.user_id = u.id)::bigint::text AS online_seconds
    FROM users u LEFT JOIN cost c ON c.sub_user_id = u.id
    WHERE u.parent_id = ${mainUserId}
    ORDER BY coalesce(c.micros, 0) DESC, 5 DESC, u.id`);
  return {
    month,
    list: result.rows.map((row) => ({
      account_id: Number(row.id),
      nickname: row.nickname,
      cost: formatDollars(BigInt(row.cost)),
      spent: formatDollars(BigInt(row.spent)),
      online_seconds: Number(row.online_seconds),
    })),
  };
}
