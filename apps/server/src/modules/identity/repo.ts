/** SQL of the identity module: users, roles, menus, sessions, captchas and e-mail codes. */
import { ROLE_DEFAULT } from '@cloudbay/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  captchas,
  emailCodes,
  loginFailures,
  menus,
  roleMenus,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema';
import type { CodePurpose } from '../mail/templates';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The main account whose invite code this is; a sub-account's code invites nobody (issue 22). */
export async function findUserIdByInviteCode(db: Db, inviteCode: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.inviteCode, inviteCode), isNull(users.parentId)));
  return row?.id;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>) {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return user;
}

export interface LoginFailureRule {
  windowSeconds: number;
  /** Failures of one e-mail and address that lock the pair, and for how long. */
  maxFailures: number;
  lockSeconds: number;
  /** Failures of one e-mail across addresses that switch it to step-up sign-in, and for how long. */
  stepUpFailures: number;
  stepUpSeconds: number;
}

/** When the pair (`email`, `ip`) is locked until, and the e-mail's step-up lasts until. */
export interface LoginPenalties {
  pairLockedUntil: Date | null;
  stepUpUntil: Date | null;
}

function penaltiesOf(rows: { ip: string; penaltyUntil: Date | null }[], ip: string): LoginPenalties {
  return {
    pairLockedUntil: rows.find((r) => r.ip === ip)?.penaltyUntil ?? null,
    stepUpUntil: rows.find((r) => r.ip === '')?.penaltyUntil ?? null,
  };
}

export async function findLoginPenalties(db: Db, email: string, ip: string): Promise<LoginPenalties> {
  const rows = await db
    .select({ ip: loginFailures.ip, penaltyUntil: loginFailures.penaltyUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), inArray(loginFailures.ip, [ip, ''])));
  return penaltiesOf(rows, ip);
}

/**
 * Counts a failed login for the pair (`email`, `ip`) and for the e-mail across addresses ('').
 * Failures older than the window start a new count; reaching a threshold sets that row's penalty.
 * One statement, so concurrent failures all count.
 */
export async function recordLoginFailure(
  db: Db,
  email: string,
  ip: string,
  now: Date,
  rule: LoginFailureRule,
): Promise<LoginPenalties> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const inWindow = sql`f.window_start > ${at} - make_interval(secs => ${rule.windowSeconds})`;
  const count = sql`CASE WHEN ${inWindow} THEN f.failures + 1 ELSE 1 END`;
  const result = await db.execute<{ ip: string; penalty_until: string | null }>(sql`
    INSERT INTO login_failures AS f (email, ip, window_start, failures)
    VALUES (${email}, ${ip}, ${at}, 1), (${email}, '', ${at}, 1)
    ON CONFLICT (email, ip) DO UPDATE SET
      window_start = CASE WHEN ${inWindow} THEN f.window_start ELSE ${at} END,
      failures = ${count},
      penalty_until = CASE
        WHEN f.ip = '' AND ${count} >= ${rule.stepUpFailures}
          THEN ${at} + make_interval(secs => ${rule.stepUpSeconds})
        WHEN f.ip <> '' AND ${count} >= ${rule.maxFailures}
          THEN ${at} + make_interval(secs => ${rule.lockSeconds})
        ELSE f.penalty_until END
    RETURNING ip, penalty_until`);
  const rows = result.rows.map((r) => ({
    ip: r.ip,
    penaltyUntil: r.penalty_until === null ? null : new Date(r.penalty_until),
  }));
  return penaltiesOf(rows, ip);
}

/** Forgets the failures of `email`: of one address and the step-up (a login), or all (a reset). */
export async function clearLoginFailures(db: Db, email: string, ip?: string) {
  const where =
    ip === undefined
      ? eq(loginFailures.email, email)
      : and(eq(loginFailures.email, email), inArray(loginFailures.ip, [ip, '']));
  await db.delete(loginFailures).where(where);
}

export async function assignRole(db: Db, userId: number, roleKey: string) {
  await db.execute(sql`
    INSERT INTO user_roles (user_id, role_id)
    SELECT ${userId}, id FROM roles WHERE key = ${roleKey}
    ON CONFLICT DO NOTHING`);
}

export async function findRoleKeys(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 'enabled')))
    .orderBy(asc(roles.sort));
  return rows.map((r) => r.key);
}

export type MenuRow = typeof menus.$inferSelect;

/** Enabled menus, all of them (admins) or those linked to `roleKeys`, in display order. */
export async function findMenus(db: Db, roleKeys: string[] | 'all'): Promise<MenuRow[]> {
  if (roleKeys === 'all') {
    return db.select().from(menus).where(eq(menus.status, 'enabled')).orderBy(asc(menus.sort), asc(menus.id));
  }
  if (roleKeys.length === 0) return [];
  return db
    .selectDistinct({ menu: menus })
    .from(menus)
    .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(and(inArray(roles.key, roleKeys), eq(roles.status, 'enabled'), eq(menus.status, 'enabled')))
    .orderBy(asc(menus.sort), asc(menus.id))
    .then((rows) => rows.map((r) => r.menu));
}

// Sessions

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  const [session] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return session!.id;
}

/**
 * The live session of a token hash with its user, and its last-seen time refreshed at most once a
 * minute (so reads do not turn into a write per request). Sliding expiry: each refresh extends it
 * by `idleSeconds`, capped at `maxSeconds` after the login.
 */
export async function touchSession(db: Db, tokenHash: string, idleSeconds: number, maxSeconds: number) {
  const result = await db.execute<{
    id: string;
    user_id: string;
    status: string;
    support_operator_id: string | null;
    parent_id: string | null;
    nickname: string;
  }>(sql`
    WITH live AS (
      -- A sub-account's session lives only while its main account is enabled too (issue 21).
      SELECT s.id, s.user_id, CASE WHEN m.status = 'disabled' THEN m.status ELSE u.status END AS status,
        s.last_seen_at, s.support_operator_id, u.parent_id, u.nickname
      FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN users m ON m.id = u.parent_id
      WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > now()
    ), touched AS (
      UPDATE sessions s
      SET last_seen_at = now(),
          -- A support session keeps the short expiry it was opened with (issue 18).
          expires_at = CASE WHEN s.support_operator_id IS NOT NULL THEN s.expires_at ELSE least(s.created_at + make_interval(secs => ${maxSeconds}), now() + make_interval(secs => ${idleSeconds})) END
      FROM live
      WHERE s.id = live.id AND live.last_seen_at < now() - interval '1 minute'
    )
    SELECT id, user_id, status, support_operator_id, parent_id, nickname FROM live`);
  const row = result.rows[0];
  return row
    ? {
        id: row.id,
        userId: Number(row.user_id),
        status: row.status,
        supportOperatorId: row.support_operator_id === null ? null : Number(row.support_operator_id),
        parentId: row.parent_id === null ? null : Number(row.parent_id),
        nickname: row.nickname,
      }
    : undefined;
}

export async function listLiveSessions(db: Db, userId: number) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Revokes one of the user's sessions; false when it is not theirs or already over. */
export async function revokeSession(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of the user but `keepSessionId`. */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

// Captchas

export async function insertCaptcha(db: Db, id: string, answerHash: string, ttlSeconds: number) {
  await db
    .insert(captchas)
    .values({ id, answerHash, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
}

/** Uses up a captcha (right or wrong answer alike) and answers its stored hash if it was still valid. */
export async function useCaptcha(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answerHash: captchas.answerHash });
  return row?.answerHash;
}

// E-mail codes

/** Seconds since the last code for this address and purpose, or null when there is none. */
export async function secondsSinceLastCode(
  db: Db,
  email: string,
  purpose: CodePurpose,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select({
      age: sql<number>`extract(epoch from ${now.toISOString()}::timestamptz - ${emailCodes.createdAt})::float`,
    })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  return row ? row.age : null;
}

/** Stores a new code and retires the earlier unused ones: only the latest code works. */
export async function insertEmailCode(
  db: Db,
  values: { email: string; purpose: CodePurpose; codeHash: string; ip: string; ttlSeconds: number },
  now: Date,
) {
  await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailCodes.email, values.email),
        eq(emailCodes.purpose, values.purpose),
        isNull(emailCodes.usedAt),
      ),
    );
  await db.insert(emailCodes).values({
    email: values.email,
    purpose: values.purpose,
    codeHash: values.codeHash,
    ip: values.ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + values.ttlSeconds * 1000),
  });
}

/**
 * Tries `codeHash` against the live code of the address: a match uses the code up; a miss counts,
 * and the miss that reaches `maxWrong` kills it. One statement, so concurrent tries cannot win twice.
 */
export async function tryEmailCode(
  db: Db,
  email: string,
  purpose: CodePurpose,
  codeHash: string,
  maxWrong: number,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<{ matched: boolean }>(sql`
    UPDATE email_codes SET
      wrong_attempts = wrong_attempts + CASE WHEN code_hash = ${codeHash} THEN 0 ELSE 1 END,
      used_at = CASE
        WHEN code_hash = ${codeHash} OR wrong_attempts + 1 >= ${maxWrong} THEN ${at}
        ELSE NULL END
    WHERE id = (
      SELECT id FROM email_codes
      WHERE email = ${email} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > ${at}
      ORDER BY id DESC LIMIT 1
      FOR UPDATE
    )
    RETURNING code_hash = ${codeHash} AS matched`);
  return result.rows[0]?.matched === true;
}

/** Deletes what no rule needs any more (the cleanup job). */
export async function pruneIdentityRecords(db: Db) {
  await db.execute(sql`DELETE FROM captchas WHERE expires_at < now() - interval '1 hour'`);
  await db.execute(sql`DELETE FROM email_codes WHERE expires_at < now() - interval '1 day'`);
  await db.execute(
    sql`DELETE FROM login_failures WHERE coalesce(penalty_until, window_start) < now() - interval '1 day'`,
  );
  await db.execute(
    sql`DELETE FROM sessions WHERE coalesce(revoked_at, expires_at) < now() - interval '30 days'`,
  );
}

/**
 * The ids of customers (enabled accounts holding the customer role), or of the one customer
 * `userId`, as a subquery other modules select from (operator notices to every customer).
 */
export function customerIdsQuery(userId?: number): SQL {
  return sql`
    SELECT u.id FROM ${users} u
    WHERE u.status = 'enabled'
      AND EXISTS (
        SELECT 1 FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id
        WHERE ur.user_id = u.id AND r.key = ${ROLE_DEFAULT}
      )
      ${userId === undefined ? sql`` : sql`AND u.id = ${userId}`}`;
}
