/** Sign-up, login, passwords and the profile: the rules of spec §5 Accounts and the issue. */
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import {
  EMAIL_CODE_RESEND_SECONDS,
  ErrorCode,
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
  ROLE_DEFAULT,
  type Language,
  type User,
} from '@cloudbay/contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { randomCode } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { formatDollars } from '../../lib/money';
import { notify } from '../notices/service';
import { hitRateLimit } from '../rate-limit/service';
import { avatarUrl } from '../files/service';
import { openCustomerWallet, walletBalance } from '../wallet/service';
import { verifyCaptcha } from './captcha';
import { consumeEmailCode, sendEmailCode, throttleCodeRequest } from './email-codes';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import {
  assignRole,
  findUserByEmail,
  findUserById,
  findUserIdByInviteCode,
  insertEmailCode,
  insertUser,
  recordLoginFailure,
  revokeOtherSessions,
  updateUser,
  type UserRow,
} from './repo';
import { openSession } from './sessions';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  language: Language;
}

type Deps = Pick<AppDeps, 'config' | 'database' | 'jobs'>;

/** The user as GET /user answers it (spec §3), with the wallet balance. */
export async function userView(db: Db, user: UserRow): Promise<User> {
  return {
    userId: user.id,
    userName: user.email,
    email: user.email,
    nickname: user.nickname,
    avatar: user.avatar,
    balance: formatDollars(await walletBalance(db, user.id)),
    ph_white_user: user.phWhiteUser,
    is_son: user.isSon,
    parent_id: user.parentId,
    invite_code: user.inviteCode,
    language: user.language === 'en-US' ? 'en-US' : 'zh-CN',
  };
}

export async function getUser(db: Db, userId: number): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', ErrorCode.SESSION_INVALID);
  return userView(db, user);
}

/** GET /user/signup/validate_code: captcha, e-mail not yet registered, throttles, then the mail. */
export async function requestSignupCode(
  deps: Deps,
  input: { email: string; uuid: string; code: string },
  client: ClientInfo,
) {
  const { db } = deps.database;
  await verifyCaptcha(db, deps.config, input.uuid, input.code);
  if (await findUserByEmail(db, input.email)) throw new AppError('conflict', ErrorCode.EMAIL_TAKEN);
  await throttleCodeRequest(db, input.email, 'signup', client.ip);
  return sendEmailCode(deps, {
    email: input.email,
    purpose: 'signup',
    ip: client.ip,
    language: client.language,
  });
}

/** A main account: the customer role, an empty wallet and a welcome notice. Run it inside a transaction. */
export async function createMainAccount(
  db: Db,
  values: { email: string; passwordHash: string; nickname: string; invitedBy?: number; language: Language },
) {
  const user = await insertUser(db, { ...values, inviteCode: randomCode(8) });
  await assignRole(db, user.id, ROLE_DEFAULT);
  await openCustomerWallet(db, user.id);
  await notify(db, user.id, 'welcome', { nickname: user.nickname });
  return user;
}

/** POST /user/signup: a main account with the customer role and an empty wallet. */
export async function signup(
  deps: Deps,
  input: { email: string; password: string; nickname: string; email_code: string; invite_code?: string },
  client: ClientInfo,
) {
  const { db, pool } = deps.database;
  if (await findUserByEmail(db, input.email)) throw new AppError('conflict', ErrorCode.EMAIL_TAKEN);
  const invitedBy = input.invite_code
    ? await findUserIdByInviteCode(db, input.invite_code.toUpperCase())
    : undefined;
  if (input.invite_code && !invitedBy) throw new AppError('validation', ErrorCode.INVITE_CODE_INVALID);
  await consumeEmailCode(db, input.email, 'signup', input.email_code);
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(pool, async (tx) => {
      const user = await createMainAccount(tx.db, {
        email: input.email,
        passwordHash,
        nickname: input.nickname,
        invitedBy,
        language: client.language,
      });
      return { userId: user.id };
    });
  } catch (error) {
    // Two sign-ups for one address at once: the unique index lets one through.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', ErrorCode.EMAIL_TAKEN);
    throw error;
  }
}

/**
 * POST /user/login. An unknown e-mail and a wrong password answer alike (and take as long).
 * Five failures within 15 minutes lock the account for 10; the IP address has its own cap.
 */
export async function login(
  deps: Deps,
  input: { email: string; password: string; uuid: string; code: string },
  client: ClientInfo,
) {
  const { db } = deps.database;
  await verifyCaptcha(db, deps.config, input.uuid, input.code);
  const perIp = await hitRateLimit(
    db,
    `login:ip:${client.ip}`,
    LOGIN_FAILURE_WINDOW_SECONDS,
    LOGIN_ATTEMPTS_PER_IP,
  );
  if (!perIp.allowed) {
    throw new AppError(
      'too_many_requests',
      ErrorCode.LOGIN_ATTEMPTS_FROM_IP_EXCEEDED,
      { minutes: Math.ceil(perIp.retryAfterSeconds / 60) },
      { retryAfterSeconds: perIp.retryAfterSeconds },
    );
  }

  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await verifyPassword(await decoyHash, input.password);
    throw new AppError('unauthorized', ErrorCode.LOGIN_FAILED);
  }
  throwIfLocked(user.lockedUntil);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const lockedUntil = await recordLoginFailure(db, user.id, {
      windowSeconds: LOGIN_FAILURE_WINDOW_SECONDS,
      maxFailures: LOGIN_MAX_FAILURES,
      lockSeconds: LOGIN_LOCK_SECONDS,
    });
    throwIfLocked(lockedUntil);
    throw new AppError('unauthorized', ErrorCode.LOGIN_FAILED);
  }
  if (user.status !== 'enabled') throw new AppError('forbidden', ErrorCode.ACCOUNT_DISABLED);

  await updateUser(db, user.id, {
    failedLoginCount: 0,
    firstFailedLoginAt: null,
    lockedUntil: null,
    lastLoginAt: new Date(),
    lastLoginIp: client.ip,
    language: client.language,
  });
  return { access_token: await openSession(db, user.id, client) };
}

function throwIfLocked(lockedUntil: Date | null) {
  const remaining = lockedUntil ? lockedUntil.getTime() - Date.now() : 0;
  if (remaining > 0) {
    throw new AppError(
      'too_many_requests',
      ErrorCode.ACCOUNT_LOCKED,
      { minutes: Math.ceil(remaining / 60_000) },
      { retryAfterSeconds: remaining / 1000 },
    );
  }
}

/** GET /user/edit_password/validate_code: a code to the logged-in user's own address. */
export async function requestChangePasswordCode(deps: Deps, userId: number, client: ClientInfo) {
  const user = await findUserById(deps.database.db, userId);
  if (!user) throw new AppError('unauthorized', ErrorCode.SESSION_INVALID);
  await throttleCodeRequest(deps.database.db, user.email, 'change_password', client.ip);
  return sendEmailCode(deps, {
    email: user.email,
    purpose: 'change_password',
    ip: client.ip,
    language: client.language,
  });
}

/** PUT /user/password: new password with the mailed code; every other session of the user ends. */
export async function changePassword(
  deps: Deps,
  auth: { userId: number; sessionId: string },
  input: { password: string; email_code: string },
) {
  const { db, pool } = deps.database;
  const user = await findUserById(db, auth.userId);
  if (!user) throw new AppError('unauthorized', ErrorCode.SESSION_INVALID);
  await consumeEmailCode(db, user.email, 'change_password', input.email_code);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(pool, async (tx) => {
    await updateUser(tx.db, user.id, { passwordHash });
    await revokeOtherSessions(tx.db, user.id, auth.sessionId);
    await notify(tx.db, user.id, 'password_changed', {});
  });
}

/**
 * GET /user/no_auth/edit_password/validate_code: mails a reset code when the account exists. The
 * answer and the throttles are the same either way, so it never tells whether an e-mail exists.
 */
export async function requestResetCode(
  deps: Deps,
  input: { email: string; uuid: string; code: string },
  client: ClientInfo,
) {
  const { db } = deps.database;
  await verifyCaptcha(db, deps.config, input.uuid, input.code);
  await throttleCodeRequest(db, input.email, 'reset_password', client.ip);
  const user = await findUserByEmail(db, input.email);
  if (user) {
    return sendEmailCode(deps, {
      email: user.email,
      purpose: 'reset_password',
      ip: client.ip,
      language: user.language === 'en-US' ? 'en-US' : 'zh-CN',
    });
  }
  return recordCodeRequestWithoutAccount(deps, input.email, client.ip);
}

/** Records a reset request for an unknown address like a real one, so the 60 s rule applies alike. */
async function recordCodeRequestWithoutAccount(deps: Deps, email: string, ip: string) {
  await insertEmailCode(deps.database.db, {
    email,
    purpose: 'reset_password',
    // An unguessable hash: no code can ever match it.
    codeHash: randomCode(32),
    ip,
    ttlSeconds: 0,
  });
  return { resend_after_s: EMAIL_CODE_RESEND_SECONDS };
}

/** PUT /user/no_auth/password: sets the password and ends every session of the account. */
export async function resetPassword(
  deps: Deps,
  input: { email: string; email_code: string; password: string },
) {
  const { db, pool } = deps.database;
  await consumeEmailCode(db, input.email, 'reset_password', input.email_code);
  const user = await findUserByEmail(db, input.email);
  if (!user) throw new AppError('validation', ErrorCode.EMAIL_CODE_INVALID);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(pool, async (tx) => {
    await updateUser(tx.db, user.id, {
      passwordHash,
      failedLoginCount: 0,
      firstFailedLoginAt: null,
      lockedUntil: null,
    });
    await revokeOtherSessions(tx.db, user.id);
    await notify(tx.db, user.id, 'password_changed', {});
  });
}

/** PUT /user/profile */
export async function updateProfile(
  db: Db,
  userId: number,
  input: { nickname?: string; avatar?: string },
): Promise<User> {
  const avatar = input.avatar === undefined ? undefined : await avatarUrl(db, userId, input.avatar);
  const user = await updateUser(db, userId, { nickname: input.nickname, avatar });
  if (!user) throw new AppError('unauthorized', ErrorCode.SESSION_INVALID);
  return userView(db, user);
}
