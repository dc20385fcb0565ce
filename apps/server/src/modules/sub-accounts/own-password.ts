/**
 * PUT /user/son_account/own_password (issue 21, the sub-account's profile): a sub-account changes
 * its own password with its current one. It has no address of its own for an e-mailed code, and
 * its main account's mailbox is not the staff member's. The new password follows the password rule
 * (the schema) and is not a common one; the sub-account's other sessions end, its main account's
 * are left alone. Every attempt, right or wrong, counts against a throttle of its own
 * (`SUB_ACCOUNT_OWN_PASSWORD_ATTEMPTS` per 15 minutes); the sign-in lockout (`login_failures`) is
 * not touched: a wrong current password here never locks the sub-account out of signing in.
 */
import {
  ErrorCode,
  SUB_ACCOUNT_OWN_PASSWORD_ATTEMPTS,
  SUB_ACCOUNT_OWN_PASSWORD_WINDOW_SECONDS,
  type SubAccountOwnPasswordBody,
} from '@cloudbay/contracts';
import type { AppDeps } from '../../app-deps';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { refuseCommonPassword } from '../identity/accounts';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { findUserById, revokeOtherSessions, updateUser } from '../identity/repo';
import { notify } from '../notices/service';
import { hitRateLimit } from '../rate-limit/service';

export async function changeOwnSubAccountPassword(
  deps: Pick<AppDeps, 'database'>,
  auth: { userId: number; sessionId: string },
  body: SubAccountOwnPasswordBody,
): Promise<void> {
  const { db, pool } = deps.database;
  const user = await findUserById(db, auth.userId);
  if (!user) throw new AppError('unauthorized', ErrorCode.SESSION_INVALID);
  if (!user.isSon || user.parentId === null) throw new AppError('forbidden', ErrorCode.SUB_ACCOUNT_ONLY);
  const attempts = await hitRateLimit(
    db,
    `son-own-password:${user.id}`,
    SUB_ACCOUNT_OWN_PASSWORD_WINDOW_SECONDS,
    SUB_ACCOUNT_OWN_PASSWORD_ATTEMPTS,
  );
  if (!attempts.allowed) {
    throw new AppError(
      'too_many_requests',
      ErrorCode.SUB_ACCOUNT_PASSWORD_ATTEMPTS_EXCEEDED,
      { minutes: Math.ceil(attempts.retryAfterSeconds / 60) },
      { retryAfterSeconds: attempts.retryAfterSeconds },
    );
  }
  if (!(await verifyPassword(user.passwordHash, body.old_password))) {
    throw new AppError('validation', ErrorCode.SUB_ACCOUNT_OLD_PASSWORD_WRONG);
  }
  await refuseCommonPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  await inTransaction(pool, async (tx) => {
    await updateUser(tx.db, user.id, { passwordHash });
    await revokeOtherSessions(tx.db, user.id, auth.sessionId);
    await notify(tx.db, user.id, 'password_changed', {});
  });
}
