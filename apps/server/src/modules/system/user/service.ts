/**
 * Accounts on the operators' page (RuoYi sys_user): every account the caller's data scope
 * reaches. Operators are created here (no wallet, no customer role unless given); customers come
 * from sign-up. Disabling an account or resetting its password ends its sessions at once (the auth
 * hook reads the session and the account's status on every request).
 */
import {
  ErrorCode,
  ROLE_ADMIN,
  ROLE_DEFAULT,
  type Language,
  type NormalDisable,
  type SysUser,
  type SysUserListQuery,
} from '@cloudbay/contracts';
import type { SQL } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from '../../../db/errors';
import { inTransaction } from '../../../db/transaction';
import { randomCode } from '../../../lib/crypto';
import { formatCsvTime } from '../../../lib/csv';
import { AppError } from '../../../lib/errors';
import { sheetExport, type SheetFormat } from '../../../lib/sheet-export';
import { timeRange } from '../../../lib/time-window';
import { loadGrants } from '../../identity/access';
import { refuseCommonPassword } from '../../identity/accounts';
import { hashPassword } from '../../identity/passwords';
import { findUserByEmail, insertUser, revokeOtherSessions, updateUser } from '../../identity/repo';
import { dataScopeCondition, deptScopeCondition } from '../data-scope';
import { findDept } from '../dept/repo';
import { allPosts } from '../post/repo';
import { flagOf, rowStatusOf, statusFilter } from '../org-status';
import {
  allRoles,
  countExisting,
  deleteUserRows,
  findBuiltinAdminId,
  findPostIds,
  findScopedUser,
  findUserBatch,
  listUserRows,
  replacePosts,
  replaceRoles,
  type UserFilter,
  type UserListRow,
} from './repo';

export function sysUserView(row: UserListRow): SysUser {
  return {
    userId: row.id,
    email: row.email,
    nickname: row.nickname,
    deptId: row.deptId,
    deptName: row.deptName ?? '',
    roles: row.roles.map((r) => ({ ...r, status: flagOf(r.status) })),
    status: flagOf(row.status),
    remark: row.remark ?? '',
    customer: row.roles.some((r) => r.roleKey === ROLE_DEFAULT),
    loginDate: row.lastLoginAt?.toISOString() ?? null,
    createTime: row.createdAt.toISOString(),
  };
}

type Filters = Omit<SysUserListQuery, 'page' | 'limit'>;
const filterOf = (query: Filters): UserFilter => ({
  email: query.email,
  nickname: query.nickname,
  status: statusFilter(query.status),
  deptId: query.deptId,
  created: timeRange(query),
});

const scopeOf = (db: Db, operatorId: number): Promise<SQL> => dataScopeCondition(db, operatorId, 'u');

export async function pageUsers(db: Db, operatorId: number, query: SysUserListQuery) {
  const { rows, total } = await listUserRows(db, filterOf(query), await scopeOf(db, operatorId), query);
  return { list: rows.map(sysUserView), total, page: query.page, limit: query.limit };
}

/** An account inside the caller's scope; outside it answers 404 like a missing one. */
async function requireUser(db: Db, operatorId: number, userId: number) {
  const row = await findScopedUser(db, userId, await scopeOf(db, operatorId));
  if (!row) throw new AppError('not_found', ErrorCode.USER_NOT_FOUND);
  return row;
}

async function isAdmin(db: Db, operatorId: number) {
  return (await loadGrants(db, operatorId)).roles.includes(ROLE_ADMIN);
}

/** What the add and edit forms offer: every role (the admin role only to admins) and post. */
export async function formOptions(db: Db, operatorId: number) {
  const admin = await isAdmin(db, operatorId);
  const [roleRows, postRows] = await Promise.all([allRoles(db), allPosts(db)]);
  return {
    roles: roleRows
      .filter((r) => admin || r.key !== ROLE_ADMIN)
      .map((r) => ({ roleId: r.id, roleKey: r.key, roleName: r.name, status: flagOf(r.status) })),
    posts: postRows.map((p) => ({ postId: p.id, postName: p.name, status: flagOf(p.status) })),
  };
}

export async function getUserDetail(db: Db, operatorId: number, userId: number) {
  const row = await requireUser(db, operatorId, userId);
  const [options, postIds] = await Promise.all([formOptions(db, operatorId), findPostIds(db, userId)]);
  return { ...options, user: sysUserView(row), postIds, roleIds: row.roles.map((r) => r.roleId) };
}

interface UserFields {
  nickname: string;
  deptId: number | null;
  postIds: number[];
  roleIds: number[];
  status: NormalDisable;
  remark: string;
}

/**
 * The department (inside the caller's data scope, as RuoYi's checkDeptDataScope) and posts named
 * exist.
 */
async function checkReferences(
  db: Db,
  operatorId: number,
  fields: Pick<UserFields, 'deptId' | 'postIds'>,
  currentDeptId?: number | null,
) {
  // An account kept in its department stays there, even one the caller's scope does not list.
  const scope = fields.deptId === currentDeptId ? undefined : await deptScopeCondition(db, operatorId);
  if (fields.deptId !== null && !(await findDept(db, fields.deptId, scope))) {
    throw new AppError('validation', ErrorCode.DEPT_NOT_FOUND);
  }
  const postIds = [...new Set(fields.postIds)];
  if ((await countExisting(db, 'posts', postIds)) !== postIds.length) {
    throw new AppError('validation', ErrorCode.POST_NOT_FOUND);
  }
}

/**
 * The roles exist, and the admin role changes hands only through an admin (so `system:user:edit`
 * alone cannot make anyone, oneself included, an administrator).
 */
async function checkRoles(db: Db, operatorId: number, roleIds: number[], currentRoleIds: number[]) {
  const unique = [...new Set(roleIds)];
  if ((await countExisting(db, 'roles', unique)) !== unique.length) {
    throw new AppError('validation', ErrorCode.ROLE_NOT_FOUND);
  }
  const adminRoleId = (await allRoles(db)).find((r) => r.key === ROLE_ADMIN)?.id;
  const grantsAdmin = (ids: number[]) => adminRoleId !== undefined && ids.includes(adminRoleId);
  if (grantsAdmin(unique) !== grantsAdmin(currentRoleIds) && !(await isAdmin(db, operatorId))) {
    throw new AppError('forbidden', ErrorCode.ROLE_ADMIN_GRANT_FORBIDDEN);
  }
  return { unique, adminRoleId, grantsAdmin: grantsAdmin(unique) };
}

async function emailUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', ErrorCode.EMAIL_TAKEN);
    throw error;
  }
}

/** POST /system/user: an operator account with the password rule of sign-up. */
export async function createOperator(
  database: Database,
  operatorId: number,
  input: UserFields & { email: string; password: string },
) {
  const { db, pool } = database;
  if (await findUserByEmail(db, input.email)) throw new AppError('conflict', ErrorCode.EMAIL_TAKEN);
  await checkReferences(db, operatorId, input);
  await checkRoles(db, operatorId, input.roleIds, []);
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const userId = await emailUnique(() =>
    inTransaction(pool, async ({ db: tx }) => {
      const user = await insertUser(tx, {
        email: input.email,
        passwordHash,
        nickname: input.nickname,
        inviteCode: randomCode(8),
        deptId: input.deptId,
        status: rowStatusOf(input.status),
        remark: input.remark || null,
      });
      await replaceRoles(tx, user.id, [...new Set(input.roleIds)]);
      await replacePosts(tx, user.id, [...new Set(input.postIds)]);
      return user.id;
    }),
  );
  return sysUserView((await findScopedUser(db, userId, await scopeOf(db, operatorId)))!);
}

/** The first operator keeps its admin role and stays enabled, whoever asks. */
async function protectBuiltinAdmin(
  db: Db,
  userId: number,
  change: { disables?: boolean; dropsAdmin?: boolean },
) {
  if ((change.disables || change.dropsAdmin) && (await findBuiltinAdminId(db)) === userId) {
    throw new AppError('business_rule', ErrorCode.USER_BUILTIN_ADMIN);
  }
}

/** PUT /system/user: fields, department, posts and roles; disabling ends the sessions. */
export async function editUser(
  database: Database,
  operatorId: number,
  input: UserFields & { userId: number; email: string },
) {
  const { db, pool } = database;
  const current = await requireUser(db, operatorId, input.userId);
  const currentRoleIds = current.roles.map((r) => r.roleId);
  await checkReferences(db, operatorId, input, current.deptId);
  const disables = input.status === '1' && current.status === 'enabled';
  if (disables && input.userId === operatorId)
    throw new AppError('business_rule', ErrorCode.USER_SELF_FORBIDDEN);
  const { grantsAdmin } = await checkRoles(db, operatorId, input.roleIds, currentRoleIds);
  await protectBuiltinAdmin(db, input.userId, { disables, dropsAdmin: !grantsAdmin });
  await emailUnique(() =>
    inTransaction(pool, async ({ db: tx }) => {
      await updateUser(tx, input.userId, {
        email: input.email,
        nickname: input.nickname,
        deptId: input.deptId,
        status: rowStatusOf(input.status),
        remark: input.remark || null,
      });
      await replaceRoles(tx, input.userId, [...new Set(input.roleIds)]);
      await replacePosts(tx, input.userId, [...new Set(input.postIds)]);
      if (disables) await revokeOtherSessions(tx, input.userId);
    }),
  );
  return sysUserView(await requireUser(db, operatorId, input.userId));
}

/** PUT /system/user/changeStatus: disabling ends every session of the account at once. */
export async function changeUserStatus(
  database: Database,
  operatorId: number,
  userId: number,
  status: NormalDisable,
) {
  const { db, pool } = database;
  await requireUser(db, operatorId, userId);
  if (status === '1') {
    if (userId === operatorId) throw new AppError('business_rule', ErrorCode.USER_SELF_FORBIDDEN);
    await protectBuiltinAdmin(db, userId, { disables: true });
  }
  await inTransaction(pool, async ({ db: tx }) => {
    await updateUser(tx, userId, { status: rowStatusOf(status) });
    if (status === '1') await revokeOtherSessions(tx, userId);
  });
  return sysUserView(await requireUser(db, operatorId, userId));
}

/** PUT /system/user/resetPwd: the sign-up password rule; the account's sessions end. */
export async function resetUserPassword(
  database: Database,
  operatorId: number,
  userId: number,
  password: string,
) {
  const { db, pool } = database;
  await requireUser(db, operatorId, userId);
  if (userId !== operatorId && (await findBuiltinAdminId(db)) === userId) {
    throw new AppError('business_rule', ErrorCode.USER_BUILTIN_ADMIN);
  }
  await refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  await inTransaction(pool, async ({ db: tx }) => {
    await updateUser(tx, userId, { passwordHash });
    await revokeOtherSessions(tx, userId);
  });
  return { userId };
}

/** DELETE /system/user/{ids}: operators only; never oneself, the first operator or a customer. */
export async function removeUsers(database: Database, operatorId: number, ids: number[]) {
  const { db, pool } = database;
  const unique = [...new Set(ids)];
  if (unique.includes(operatorId)) throw new AppError('business_rule', ErrorCode.USER_SELF_FORBIDDEN);
  const builtin = await findBuiltinAdminId(db);
  if (builtin !== undefined && unique.includes(builtin)) {
    throw new AppError('business_rule', ErrorCode.USER_BUILTIN_ADMIN);
  }
  for (const id of unique) {
    const row = await requireUser(db, operatorId, id);
    if (row.roles.some((r) => r.roleKey === ROLE_DEFAULT))
      throw new AppError('conflict', ErrorCode.USER_IS_CUSTOMER);
  }
  try {
    return { deleted: await inTransaction(pool, ({ db: tx }) => deleteUserRows(tx, unique)) };
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('conflict', ErrorCode.USER_IN_USE);
    throw error;
  }
}

/** GET /system/user/authRole/{id}: the account and every role the caller may grant, ticked if held. */
export async function getAuthRole(db: Db, operatorId: number, userId: number) {
  const row = await requireUser(db, operatorId, userId);
  const held = new Set(row.roles.map((r) => r.roleId));
  const { roles } = await formOptions(db, operatorId);
  return { user: sysUserView(row), roles: roles.map((r) => ({ ...r, flag: held.has(r.roleId) })) };
}

/** PUT /system/user/authRole: replaces the account's roles. */
export async function setAuthRole(database: Database, operatorId: number, userId: number, roleIds: number[]) {
  const { db, pool } = database;
  const row = await requireUser(db, operatorId, userId);
  const { unique, grantsAdmin } = await checkRoles(
    db,
    operatorId,
    roleIds,
    row.roles.map((r) => r.roleId),
  );
  await protectBuiltinAdmin(db, userId, { dropsAdmin: !grantsAdmin });
  await inTransaction(pool, ({ db: tx }) => replaceRoles(tx, userId, unique));
  return getAuthRole(db, operatorId, userId);
}

const EXPORT_TITLES: Record<Language, string[]> = {
  'zh-CN': ['用户编号', '邮箱', '昵称', '部门', '角色', '状态', '最后登录', '创建时间'],
  'en-US': ['User ID', 'E-mail', 'Nickname', 'Department', 'Roles', 'Status', 'Last login', 'Created'],
};

/** POST /system/user/export: the filtered list inside the caller's scope, newest first. */
export async function exportUsers(
  db: Db,
  operatorId: number,
  filters: Filters,
  options: { format: SheetFormat; language: Language; timeZone: string; now: Date },
) {
  const scope = await scopeOf(db, operatorId);
  const filter = filterOf(filters);
  const statusLabel = options.language === 'en-US' ? ['Enabled', 'Disabled'] : ['正常', '停用'];
  return sheetExport({
    subject: 'users',
    format: options.format,
    now: options.now,
    timeZone: options.timeZone,
    header: EXPORT_TITLES[options.language],
    readBatch: (belowId, limit) => findUserBatch(db, filter, scope, belowId, limit),
    cells: (row) => [
      String(row.id),
      row.email,
      row.nickname,
      row.deptName ?? '',
      row.roles.map((r) => r.roleName).join(', '),
      statusLabel[row.status === 'enabled' ? 0 : 1]!,
      formatCsvTime(row.lastLoginAt, options.timeZone),
      formatCsvTime(row.createdAt, options.timeZone),
    ],
  });
}
