import type { Db } from '../../db/client';
import { ledgerAccounts } from '../../db/schema';
import { accountIs } from './ledger-repo';

export const CUSTOMER_WALLET = 'customer_wallet';

/** Opens the customer's wallet (balance 0); part of sign-up's transaction. Idempotent. */
export async function openCustomerWallet(db: Db, userId: number): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({ ownerUserId: userId, kind: CUSTOMER_WALLET })
    .onConflictDoNothing({ target: [ledgerAccounts.ownerUserId, ledgerAccounts.kind] });
}

/** The customer's wallet balance in micro-dollars (0 when the account has no wallet, e.g. operators). */
export async function walletBalance(db: Db, userId: number): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balanceMicros })
    .from(ledgerAccounts)
    .where(accountIs(userId, CUSTOMER_WALLET));
  return row?.balance ?? 0n;
}
