import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { seedDemoAnnouncement } from '../notices/demo-data';
import { setPhWhiteUser } from '../phones/service';
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
  const existing = await findUserByEmail(database.db, DEMO_CUSTOMER.email);
  // The demo customer may use cloud phones (spec §6 ph_white_user), installs seeded before too.
  if (existing) {
    if (existing.phWhiteUser !== 1) await setPhWhiteUser(database.db, existing.id, 1);
    return;
  }
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  // The demo announcement comes with the demo customer, so it is published once.
  await inTransaction(database.pool, async (tx) => {
    const user = await createMainAccount(tx.db, {
      email: DEMO_CUSTOMER.email,
      passwordHash,
      nickname: DEMO_CUSTOMER.nickname,
      language: 'zh-CN',
    });
    await setPhWhiteUser(tx.db, user.id, 1);
    await seedDemoAnnouncement(tx.db);
  });
}
