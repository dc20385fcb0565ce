import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { seedDemoAnnouncement } from '../notices/demo-data';
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
  // The demo announcement comes with the demo customer, so it is published once.
  await inTransaction(database.pool, async (tx) => {
    await createMainAccount(tx.db, {
      email: DEMO_CUSTOMER.email,
      passwordHash,
      nickname: DEMO_CUSTOMER.nickname,
      language: 'zh-CN',
    });
    await seedDemoAnnouncement(tx.db);
  });
}
