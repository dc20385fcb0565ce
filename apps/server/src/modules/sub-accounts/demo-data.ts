/** The demo customer's sub-account `npm start` creates and prints (issue 21; never in production). */
import type { Database } from '../../db/client';
import { hashPassword } from '../identity/passwords';
import { findUserByEmail, insertUser } from '../identity/repo';
import { randomCode } from '../../lib/crypto';
import { findSubAccountForLogin } from './repo';
import { subAccountAddress } from './service';

export const DEMO_SUB_ACCOUNT = { nickname: 'demo-staff', password: 'Demo@2026' };

/** Made once under the demo customer, bound to nothing: its main account binds what it may use. */
export async function seedDemoSubAccount(database: Database, mainEmail: string): Promise<void> {
  const { db } = database;
  const main = await findUserByEmail(db, mainEmail);
  if (!main || (await findSubAccountForLogin(db, mainEmail, DEMO_SUB_ACCOUNT.nickname))) return;
  await insertUser(db, {
    email: subAccountAddress(),
    passwordHash: await hashPassword(DEMO_SUB_ACCOUNT.password),
    nickname: DEMO_SUB_ACCOUNT.nickname,
    parentId: main.id,
    isSon: true,
    inviteCode: randomCode(8),
  });
}
