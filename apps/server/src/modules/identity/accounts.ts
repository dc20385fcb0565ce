/** Sign-up, login, passwords and the profile: the rules of spec §5 Accounts and the issue. */
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import {
  EMAIL_CODE_RESEND_SECONDS,
  ErrorCode,
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_STEP_UP_FAILURES,
  LOGIN_STEP_UP_SECONDS,
  ROLE_DEFAULT,
  loadCommonPasswordCheck,
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
import { customerDeptId } from '../system/org-reference-data';
import { verifyCaptcha } from './captcha';
import { consumeEmailCode, sendEmailCode, throttleCodeRequest, tryCode } from './email-codes';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords';
import {
  assignRole,
  clearLoginFailures,
  findLoginPenalties,
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
import { findSubAccountForLogin } from '../sub-accounts/repo';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  language: Language;
}

type Deps = Pick<AppDeps, 'config' | 'database' | 'jobs' | 'clock'>;

/** The user as GET /user answers it (spec §3), with the wallet balance. */
export async function userView(db: Db, user: UserRow): Promise<User> {
  // A sub-account (issue 21) signs in with its main account's e-mail and has no wallet of its own.
  const main = user.parentId === null ? undefined : await findUserById(db, user.parentId);
  const email = main?.email ?? user.email;
  return {
    userId: user.id,
    userName: main ? user.nickname : user.email,
    email,
    nickname: user.nickname,
    avatar: user.avatar,
    balance: formatDollars(await walletBalance(db, user.id)),
    ph_white_user: main?.phWhiteUser ?? user.phWhiteUser,
    is_son: user.isSon,
    parent_id: user.parentId,
    main_account: main ? { userId: main.id, email: main.email, nickname: main.nickname } : null,
    remark: main ? (user.remark ?? null) : null,
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
  await throttleCodeRequest(db, deps.clock, input.email, 'signup', client.ip);
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
  // Customers belong to the Customers department, so data scopes can reach them (org-reference-data.ts).
  const deptId = await customerDeptId(db);
  const user = await insertUser(db, { ...values, inviteCode: randomCode(8), deptId });
  await assignRole(db, user.id, ROLE_DEFAULT);
  await openCustomerWallet(db, user.id);
  await notify(db, user.id, 'welcome', { nickname: user.nickname });
  return user;
}

/** A new password that passes the field rule may still be common: refused before any code is used up. */
export async function refuseCommonPassword(password: string) {
  const isCommon = await loadCommonPasswordCheck();
  if (isCommon(password)) throw new AppError('validation', ErrorCode.PASSWORD_COMMON);
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
  await refuseCommonPassword(input.password);
  await consumeEmailCode(db, deps.clock, input.email, 'signup', input.email_code);
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

const LOGIN_FAILURE_RULE = {
  windowSeconds: LOGIN_FAILURE_WINDOW_SECONDS,
  maxFailures: LOGIN_MAX_FAILURES,
  lockSeconds: LOGIN_LOCK_SECONDS,
  stepUpFailures: LOGIN_STEP_UP_FAILURES,
  stepUpSeconds: LOGIN_STEP_UP_SECONDS,
};

/**
 * POST /user/login. Failures count per submitted e-mail, known or not, so an unknown e-mail and a
 * wrong password answer alike at every count (and take as long: a decoy hash is verified). Five
 * from one address lock that e-mail and address pair; twenty from anywhere switch the e-mail to
 * step-up sign-in, where the right password also needs the code e-mailed to the address.
 */
export async function login(
  deps: Deps,
  input: {
    email: string;
    password: string;
    uuid: string;
    code: string;
    email_code?: string;
    son_account?: string;
  },
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

  const now = deps.clock.now();
  // A sub-account (issue 21) is counted on its own key: main e-mail and nickname, known or not.
  const failureKey = input.son_account ? subAccountLoginKey(input.email, input.son_account) : input.email;
  const penalties = await findLoginPenalties(db, failureKey, client.ip);
  throwIfPairLocked(penalties.pairLockedUntil, now);
  const stepUp = isActive(penalties.stepUpUntil, now);

  const user = await findLoginAccount(db, input.email, input.son_account);
  // An unknown e-mail is verified against the decoy (no password matches it): same time, same answer.
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user || !passwordOk) {
    const after = await recordLoginFailure(db, failureKey, client.ip, now, LOGIN_FAILURE_RULE);
    throwIfPairLocked(after.pairLockedUntil, now);
    throwLoginFailed(stepUp || isActive(after.stepUpUntil, now), input.email_code);
  }
  // The code is tried only with the right password, so nobody without it can burn the owner's code.
  // A sub-account's step-up code goes to its main account's address (GET /user/login/validate_code).
  const codeAddress = input.son_account ? input.email : user.email;
  if (
    stepUp &&
    !(input.email_code && (await tryCode(db, deps.clock, codeAddress, 'login', input.email_code)))
  ) {
    throwLoginFailed(true, input.email_code);
  }
  if (user.status !== 'enabled') throw new AppError('forbidden', ErrorCode.ACCOUNT_DISABLED);

  await clearLoginFailures(db, failureKey, client.ip);
  await updateUser(db, user.id, {
    // The password is at hand only now: a hash made with weaker parameters is upgraded.
    ...(needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(input.password) } : {}),
    lastLoginAt: now,
    lastLoginIp: client.ip,
    language: client.language,
  });
  return { access_token: await openSession(db, user.id, client) };
}

/** The login-failure key of a sub-account: its nickname under the main account's e-mail. */
export const subAccountLoginKey = (mainEmail: string, nickname: string) =>
  `${nickname.toLowerCase()}#${mainEmail}`.slice(0, 254);

/**
 * The account a login names: a main account by e-mail (a sub-account's own address never signs in
 * alone), or with `sonAccount` the main account's sub-account of that nickname, disabled with it.
 */
async function findLoginAccount(db: Db, email: string, sonAccount: string | undefined) {
  if (!sonAccount) {
    const user = await findUserByEmail(db, email);
    return user?.isSon ? undefined : user;
  }
  const sub = await findSubAccountForLogin(db, email, sonAccount);
  const main = sub?.parentId ? await findUserById(db, sub.parentId) : undefined;
  return sub && main?.status !== 'enabled' ? { ...sub, status: 'disabled' } : sub;
}

const isActive = (until: Date | null, now: Date) => until !== null && until.getTime() > now.getTime();

function throwIfPairLocked(lockedUntil: Date | null, now: Date) {
  const remaining = lockedUntil ? lockedUntil.getTime() - now.getTime() : 0;
  if (remaining > 0) {
    throw new AppError(
      'too_many_requests',
      ErrorCode.LOGIN_LOCKED,
      { minutes: Math.ceil(remaining / 60_000) },
      { retryAfterSeconds: remaining / 1000 },
    );
  }
}

/** One answer per state, whatever was wrong, so no answer tells a right password from a wrong one. */
function throwLoginFailed(stepUp: boolean, emailCode: string | undefined): never {
  if (!stepUp) throw new AppError('unauthorized', ErrorCode.LOGIN_FAILED);
  throw new AppError(
    'unauthorized',
    emailCode ? ErrorCode.LOGIN_STEP_UP_FAILED : ErrorCode.LOGIN_STEP_UP_REQUIRED,
  );
}

/** GET /user/login/validate_code: mails a login code (step-up sign-in) when the account exists. */
export function requestLoginCode(
  deps: Deps,
  input: { email: string; uuid: string; code: string },
  client: ClientInfo,
) {
  return requestAccountCode(deps, 'login', input, client);
}

/** GET /user/edit_password/validate_code: a code to the logged-in user's own address. */
export async function requestChangePasswordCode(deps: Deps, userId: number, client: ClientInfo) {
  const user = await findUserById(deps.database.db, userId);
  if (!user) throw new AppError('unauthorized', ErrorCode.SESSION_INVALID);
  const address = await codeAddressOf(deps.database.db, user);
  await throttleCodeRequest(deps.database.db, deps.clock, address, 'change_password', client.ip);
  return sendEmailCode(deps, {
    email: address,
    purpose: 'change_password',
    ip: client.ip,
    language: client.language,
  });
}

/** Where a user's codes are mailed: a sub-account's go to its main account (its own address is never read). */
async function codeAddressOf(db: Db, user: UserRow): Promise<string> {
  const main = user.parentId === null ? undefined : await findUserById(db, user.parentId);
  return main?.email ?? user.email;
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
  await refuseCommonPassword(input.password);
  await consumeEmailCode(db, deps.clock, await codeAddressOf(db, user), 'change_password', input.email_code);
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
export function requestResetCode(
  deps: Deps,
  input: { email: string; uuid: string; code: string },
  client: ClientInfo,
) {
  return requestAccountCode(deps, 'reset_password', input, client);
}

/** A code to an account's address, answered and throttled alike whether the account exists or not. */
async function requestAccountCode(
  deps: Deps,
  purpose: 'reset_password' | 'login',
  input: { email: string; uuid: string; code: string },
  client: ClientInfo,
) {
  const { db } = deps.database;
  await verifyCaptcha(db, deps.config, input.uuid, input.code);
  await throttleCodeRequest(db, deps.clock, input.email, purpose, client.ip);
  const user = await findUserByEmail(db, input.email);
  if (user) {
    return sendEmailCode(deps, {
      email: user.email,
      purpose,
      ip: client.ip,
      language: user.language === 'en-US' ? 'en-US' : 'zh-CN',
    });
  }
  // A row no code can ever match, so the 60 s rule applies to an unknown address as to a real one.
  await insertEmailCode(
    db,
    { email: input.email, purpose, codeHash: randomCode(32), ip: client.ip, ttlSeconds: 0 },
    deps.clock.now(),
  );
  return { resend_after_s: EMAIL_CODE_RESEND_SECONDS };
}

/** PUT /user/no_auth/password: sets the password and ends every session of the account. */
export async function resetPassword(
  deps: Deps,
  input: { email: string; email_code: string; password: string },
) {
  const { db, pool } = deps.database;
  await refuseCommonPassword(input.password);
  await consumeEmailCode(db, deps.clock, input.email, 'reset_password', input.email_code);
  const user = await findUserByEmail(db, input.email);
  if (!user) throw new AppError('validation', ErrorCode.EMAIL_CODE_INVALID);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(pool, async (tx) => {
    await updateUser(tx.db, user.id, { passwordHash });
    await clearLoginFailures(tx.db, user.email);
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
