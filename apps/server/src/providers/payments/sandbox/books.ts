import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPayments } from '../../../db/schema';
import type { SandboxCallbackBody } from './gateway';

/**
 * Where the sandbox gateway keeps the payments its payer page took: its own books, as a real
 * gateway keeps them on its side, so asking it about an order answers what was paid there whether
 * or not the callback got through.
 */
export interface SandboxBooks {
  /** Records a payment; a second payment of the same order keeps the first. */
  record(payType: string, body: SandboxCallbackBody): Promise<void>;
  /** The payment this sandbox (its pay type) took for the order, if any. */
  find(payType: string, no: string): Promise<SandboxCallbackBody | undefined>;
}

/** Books in the database (`sandbox_payments`): what the app uses, so a restart forgets nothing. */
export function databaseSandboxBooks(db: Db): SandboxBooks {
  return {
    async record(payType, body) {
      await db
        .insert(sandboxPayments)
        .values({
          no: body.no,
          payType,
          tradeId: body.trade_id,
          amount: body.amount,
          paidAmount: body.paid_amount,
          signature: body.signature,
        })
        .onConflictDoNothing({ target: sandboxPayments.no });
    },
    async find(payType, no) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.no, no)).limit(1);
      if (!row || row.payType !== payType) return undefined;
      return {
        no: row.no,
        trade_id: row.tradeId,
        amount: row.amount,
        paid_amount: row.paidAmount,
        status: 'paid',
        signature: row.signature,
      };
    },
  };
}

/** Books in memory, for unit tests of the adapter that have no database. */
export function memorySandboxBooks(): SandboxBooks {
  const received = new Map<string, { payType: string; body: SandboxCallbackBody }>();
  return {
    async record(payType, body) {
      if (!received.has(body.no)) received.set(body.no, { payType, body });
    },
    async find(payType, no) {
      const entry = received.get(no);
      return entry?.payType === payType ? entry.body : undefined;
    },
  };
}
