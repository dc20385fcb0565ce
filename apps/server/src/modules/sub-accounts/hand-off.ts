/**
 * "Enter as this sub-account" (issue 21): the main account's caller gets a new session of its
 * sub-account and the /moneryContro hand-off address the console opens; the main session stays
 * as `loginToken`, so "back to main account" only restores it.
 */
import { ErrorCode, type SubAccountEnter } from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { openSession } from '../identity/sessions';
import { findSubAccount } from './repo';

export async function enterSubAccount(
  db: Db,
  mainUserId: number,
  accountId: number,
  mainToken: string,
  client: { ip: string; userAgent?: string },
): Promise<SubAccountEnter> {
  const account = await findSubAccount(db, mainUserId, accountId);
  if (!account) throw new AppError('not_found', ErrorCode.SUB_ACCOUNT_NOT_FOUND);
  if (account.status !== 'enabled') throw new AppError('forbidden', ErrorCode.ACCOUNT_DISABLED);
  const token = await openSession(db, account.id, client);
  const query = new URLSearchParams({ token, loginToken: mainToken, isSon: '1' });
  return { access_token: token, url: `/moneryContro?${query.toString()}` };
}
