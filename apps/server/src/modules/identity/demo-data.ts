import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { createMainAccount } from './accounts';
import { hashPassword } from './passwords';
import { findUserByEmail } from './repo';

/** The demo customer `npm start` creates and prints (never in production entry points). */
export const DEMO_CUSTOMER = {
  email: 'demo@cloudbay.local',
  password: 'Demo@2026',
  nickname: 'Demo customer',
};

export async function seedDemoCustomer(database: Database): Promise<void> {
  if (await findUserByEmail(database.db, DEMO_CUSTOMER.email)) return;
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  await inTransaction(database.pool, (tx) =>
    createMainAccount(tx.db, {
      email: DEMO_CUSTOMER.email,
      passwordHash,
      nickname: DEMO_CUSTOMER.nickname,
      language: 'zh-CN',
    }),
  );
}
