/**
 * Roles (RuoYi's SysRoleController): CRUD with their menus, data scope with custom departments,
 * and the accounts holding each role. Two roles are built in: `admin` (every permission, so
 * nothing about it may change) and `ROLE_DEFAULT`, the customers' role, whose key the code relies
 * on and whose status and existence every customer's console depends on (its name, sort, remark
 * and menus stay editable: operators may trim the customers' menus).
 */
import {
  DATA_SCOPE_CUSTOM,
  ErrorCode,
  ROLE_ADMIN,
  ROLE_DEFAULT,
  type CheckedTree,
  type DataScope,
  type Role,
  type RoleDetail,
  type RoleInput,
  type RoleUser,
  type StatusFlag,
} from '@cloudbay/contracts';
import type { Database, Db } from '../../../db/client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../../db/errors';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { timeRange } from '../../../lib/time-window';
import { dataScopeCondition } from '../data-scope';
import { treeOptions } from '../tree-options';
import {
  addRoleUsers,
  allDepts,
  deleteRoles,
  findClash,
  findRole,
  findRoleDeptIds,
  findRoleMenuIds,
  findRolesByIds,
  insertRole,
  listRoleUsers,
  listRoles,
  removeRoleUsers,
  replaceRoleDepts,
  replaceRoleMenus,
  updateRole,
  type RoleFilter,
  type RoleRow,
  type RoleUserFilter,
} from './repo';

export const statusFlagOf = (status: string): StatusFlag => (status === 'disabled' ? '1' : '0');
export const statusOfFlag = (flag: StatusFlag) => (flag === '1' ? 'disabled' : 'enabled');
const isBuiltIn = (key: string) => key === ROLE_ADMIN || key === ROLE_DEFAULT;

function roleView(row: RoleRow): Role {
  return {
    roleId: row.id,
    roleName: row.name,
    roleKey: row.key,
    roleSort: row.sort,
    status: statusFlagOf(row.status),
    dataScope: row.dataScope as DataScope,
    remark: row.remark ?? '',
    builtIn: isBuiltIn(row.key),
    userCount: row.userCount,
    createTime: row.createdAt.toISOString(),
  };
}

export interface RoleListFilter {
  page: number;
  limit: number;
  roleName?: string;
  roleKey?: string;
  status?: StatusFlag;
  begin_time?: string;
  end_time?: string;
}

function roleFilter(filter: RoleListFilter): RoleFilter {
  return {
    page: filter.page,
    limit: filter.limit,
    name: filter.roleName,
    key: filter.roleKey,
    status: filter.status && statusOfFlag(filter.status),
    ...timeRange(filter),
  };
}

export async function pageRoles(db: Db, filter: RoleListFilter) {
  const { rows, total } = await listRoles(db, roleFilter(filter));
  return { list: rows.map(roleView), total, page: filter.page, limit: filter.limit };
}

export { roleFilter, roleView };

async function requireRole(db: Db, roleId: number): Promise<RoleRow> {
  const role = await findRole(db, roleId);
  if (!role) throw new AppError('not_found', ErrorCode.ROLE_NOT_FOUND);
  return role;
}

export async function getRole(db: Db, roleId: number): Promise<RoleDetail> {
  const role = await requireRole(db, roleId);
  return { ...roleView(role), menuIds: await findRoleMenuIds(db, roleId) };
}

async function refuseClash(db: Db, input: RoleInput, exceptId?: number) {
  const clash = await findClash(db, { key: input.roleKey, name: input.roleName }, exceptId);
  if (!clash) return;
  if (clash.key.toLowerCase() === input.roleKey.toLowerCase()) throw keyTaken(input.roleKey);
  throw new AppError('conflict', ErrorCode.ROLE_NAME_TAKEN, { name: input.roleName });
}

const keyTaken = (key: string) => new AppError('conflict', ErrorCode.ROLE_KEY_TAKEN, { key });

/** Two operators saving the same key at once: the unique index decides, answered as the check does. */
async function uniqueKey<T>(input: RoleInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw keyTaken(input.roleKey);
    throw error;
  }
}

const roleValues = (input: RoleInput) => ({
  name: input.roleName,
  key: input.roleKey,
  sort: input.roleSort,
  status: statusOfFlag(input.status),
  remark: input.remark,
});

export async function createRole(database: Database, input: RoleInput): Promise<RoleDetail> {
  await refuseClash(database.db, input);
  const id = await uniqueKey(input, () =>
    inTransaction(database.pool, async ({ db }) => {
      const roleId = await insertRole(db, roleValues(input));
      await replaceRoleMenus(db, roleId, input.menuIds);
      return roleId;
    }),
  );
  return getRole(database.db, id);
}

const adminLocked = () => new AppError('conflict', ErrorCode.ROLE_ADMIN_LOCKED);
const defaultLocked = () => new AppError('conflict', ErrorCode.ROLE_DEFAULT_LOCKED);

export async function editRole(database: Database, roleId: number, input: RoleInput): Promise<RoleDetail> {
  const role = await requireRole(database.db, roleId);
  if (role.key === ROLE_ADMIN) throw adminLocked();
  if (role.key === ROLE_DEFAULT && (input.roleKey !== ROLE_DEFAULT || input.status !== '0')) {
    throw defaultLocked();
  }
  await refuseClash(database.db, input, roleId);
  await uniqueKey(input, () =>
    inTransaction(database.pool, async ({ db }) => {
      await updateRole(db, roleId, roleValues(input));
      await replaceRoleMenus(db, roleId, input.menuIds);
    }),
  );
  return getRole(database.db, roleId);
}

export async function changeRoleStatus(db: Db, roleId: number, status: StatusFlag): Promise<Role> {
  const role = await requireRole(db, roleId);
  if (role.key === ROLE_ADMIN) throw adminLocked();
  if (role.key === ROLE_DEFAULT && status !== '0') throw defaultLocked();
  await updateRole(db, roleId, { status: statusOfFlag(status) });
  return roleView(await requireRole(db, roleId));
}

export async function removeRoles(database: Database, ids: number[]) {
  return inTransaction(database.pool, async ({ db }) => {
    const found = await findRolesByIds(db, ids);
    if (found.length < new Set(ids).size) throw new AppError('not_found', ErrorCode.ROLE_NOT_FOUND);
    if (found.some((r) => r.key === ROLE_ADMIN)) throw adminLocked();
    if (found.some((r) => r.key === ROLE_DEFAULT)) throw defaultLocked();
    const inUse = found.find((r) => r.userCount > 0);
    if (inUse) {
      throw new AppError('conflict', ErrorCode.ROLE_IN_USE, { name: inUse.name, count: inUse.userCount });
    }
    return { deleted: await deleteRoles(db, ids) };
  });
}

// Data scope

export async function roleDeptTree(db: Db, roleId: number): Promise<CheckedTree> {
  await requireRole(db, roleId);
  const [rows, checkedKeys] = await Promise.all([allDepts(db), findRoleDeptIds(db, roleId)]);
  return {
    tree: treeOptions(rows, (row) => ({
      label: row.name,
      ...(row.status === 'disabled' ? { disabled: true } : {}),
    })),
    checkedKeys,
  };
}

export async function saveDataScope(
  database: Database,
  input: { roleId: number; dataScope: DataScope; deptIds: number[] },
): Promise<RoleDetail> {
  const role = await requireRole(database.db, input.roleId);
  if (role.key === ROLE_ADMIN) throw adminLocked();
  await inTransaction(database.pool, async ({ db }) => {
    await updateRole(db, input.roleId, { dataScope: input.dataScope });
    // Departments only mean something to the custom scope; another scope keeps none.
    await replaceRoleDepts(db, input.roleId, input.dataScope === DATA_SCOPE_CUSTOM ? input.deptIds : []);
  });
  return getRole(database.db, input.roleId);
}

// The accounts of a role

function roleUserView(row: {
  id: number;
  email: string;
  nickname: string;
  status: string;
  createdAt: Date;
}): RoleUser {
  return {
    userId: row.id,
    email: row.email,
    nickname: row.nickname,
    status: statusFlagOf(row.status),
    createTime: row.createdAt.toISOString(),
  };
}

/** The caller's data scope on `users`: the accounts the role pages list and change. */
const userScopeOf = (db: Db, operatorId: number) => dataScopeCondition(db, operatorId, 'users');

export async function pageRoleUsers(db: Db, operatorId: number, filter: RoleUserFilter, allocated: boolean) {
  await requireRole(db, filter.roleId);
  const { rows, total } = await listRoleUsers(db, filter, allocated, await userScopeOf(db, operatorId));
  return { list: rows.map(roleUserView), total, page: filter.page, limit: filter.limit };
}

/** Accounts outside the caller's data scope are left alone, as ones that do not exist. */
export async function grantRoleUsers(db: Db, operatorId: number, roleId: number, userIds: number[]) {
  await requireRole(db, roleId);
  return { changed: await addRoleUsers(db, roleId, userIds, await userScopeOf(db, operatorId)) };
}

/** Takes the role away from accounts; an operator cannot take `admin` from themselves (lock-out). */
export async function revokeRoleUsers(db: Db, roleId: number, userIds: number[], callerId: number) {
  const role = await requireRole(db, roleId);
  if (role.key === ROLE_ADMIN && userIds.includes(callerId)) {
    throw new AppError('conflict', ErrorCode.ROLE_SELF_ADMIN);
  }
  return { changed: await removeRoleUsers(db, roleId, userIds, await userScopeOf(db, callerId)) };
}
