/** Departments (RuoYi sys_dept): the tree's rules — names unique under a parent, no cycles, no orphans. */
import { ErrorCode, type Dept, type DeptTreeNode, type NormalDisable } from '@cloudbay/contracts';
import type { Database } from '../../../db/client';
import type { Db } from '../../../db/client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../../db/errors';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../lib/errors';
import { deptScopeCondition } from '../data-scope';
import { flagOf, rowStatusOf, statusFilter } from '../org-status';
import {
  childAncestors,
  deleteEmptyDept,
  findDept,
  findSubtreeIds,
  hasChildDepts,
  hasDeptUsers,
  insertDept,
  listDeptRows,
  rewriteDescendantAncestors,
  updateDeptRow,
  type DeptRow,
} from './repo';

interface DeptInput {
  parentId: number;
  deptName: string;
  orderNum: number;
  leader: string;
  phone: string;
  email: string;
  status: NormalDisable;
}

export function deptView(row: DeptRow): Dept {
  return {
    deptId: row.id,
    parentId: row.parentId ?? 0,
    ancestors: row.ancestors,
    deptName: row.name,
    orderNum: row.sort,
    leader: row.leader ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
    status: flagOf(row.status),
    createTime: row.createdAt.toISOString(),
  };
}

/** The departments the operator's data scope reaches (RuoYi's @DataScope on the dept list). */
export async function listDepts(
  db: Db,
  operatorId: number,
  filter: { deptName?: string; status?: NormalDisable },
) {
  const filters = { deptName: filter.deptName, status: statusFilter(filter.status) };
  const rows = await listDeptRows(db, filters, await deptScopeCondition(db, operatorId));
  return rows.map(deptView);
}

/** A department inside the caller's scope; outside it answers 404 like a missing one. */
async function requireDept(db: Db, operatorId: number, id: number): Promise<DeptRow> {
  const row = await findDept(db, id, await deptScopeCondition(db, operatorId));
  if (!row) throw new AppError('not_found', ErrorCode.DEPT_NOT_FOUND);
  return row;
}

export async function getDept(db: Db, operatorId: number, id: number) {
  return deptView(await requireDept(db, operatorId, id));
}

/** GET /system/dept/list/exclude/{id}: the departments the edited one may move under. */
export async function listDeptsExcluding(db: Db, operatorId: number, id: number) {
  const excluded = new Set(await findSubtreeIds(db, await requireDept(db, operatorId, id)));
  const rows = await listDeptRows(db, {}, await deptScopeCondition(db, operatorId));
  return rows.filter((row) => !excluded.has(row.id)).map(deptView);
}

/** The parent's id and the ancestors a child of it carries; 0 is the top. */
async function placement(db: Db, operatorId: number, parentId: number) {
  if (parentId === 0) return { parentId: null, ancestors: '0' };
  const parent = await findDept(db, parentId, await deptScopeCondition(db, operatorId));
  if (!parent) throw new AppError('validation', ErrorCode.DEPT_NOT_FOUND);
  return { parentId: parent.id, ancestors: childAncestors(parent), parent };
}

function valuesOf(input: DeptInput) {
  return {
    name: input.deptName,
    sort: input.orderNum,
    leader: input.leader || null,
    phone: input.phone || null,
    email: input.email || null,
    status: rowStatusOf(input.status),
  };
}

/** The unique (parent, name) index answers a taken name, also for two writes at once. */
async function uniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw new AppError('conflict', ErrorCode.DEPT_NAME_TAKEN, { name });
    throw error;
  }
}

export async function createDept(db: Db, operatorId: number, input: DeptInput) {
  const place = await placement(db, operatorId, input.parentId);
  const row = await uniqueName(input.deptName, () =>
    insertDept(db, { ...valuesOf(input), parentId: place.parentId, ancestors: place.ancestors }),
  );
  return deptView(row);
}

/**
 * Edits a department; a new parent may be anywhere but inside its own subtree, and the moved
 * subtree's `ancestors` are rewritten in the same transaction.
 */
export async function editDept(database: Database, operatorId: number, id: number, input: DeptInput) {
  return inTransaction(database.pool, async ({ db }) => {
    const current = await requireDept(db, operatorId, id);
    const place = await placement(db, operatorId, input.parentId);
    if (place.parent && (place.parent.id === id || `,${place.ancestors},`.includes(`,${id},`))) {
      throw new AppError('business_rule', ErrorCode.DEPT_PARENT_INVALID);
    }
    const row = await uniqueName(input.deptName, () =>
      updateDeptRow(db, id, { ...valuesOf(input), parentId: place.parentId, ancestors: place.ancestors }),
    );
    if (current.ancestors !== place.ancestors) {
      await rewriteDescendantAncestors(db, childAncestors(current), childAncestors(row!));
    }
    return deptView(row!);
  });
}

export async function removeDept(db: Db, operatorId: number, id: number) {
  await requireDept(db, operatorId, id);
  if (await hasChildDepts(db, id)) throw new AppError('conflict', ErrorCode.DEPT_HAS_CHILDREN);
  if (await hasDeptUsers(db, id)) throw new AppError('conflict', ErrorCode.DEPT_HAS_USERS);
  // Checked again in the delete itself, so a user added meanwhile is not orphaned.
  if (!(await deleteEmptyDept(db, id))) throw new AppError('conflict', ErrorCode.DEPT_HAS_USERS);
  return { deleted: 1 };
}

/** Flat rows to a tree by parent id; rows whose parent is absent become roots. */
export function buildDeptTree(rows: DeptRow[]): DeptTreeNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const nodes = new Map<number, DeptTreeNode>(rows.map((r) => [r.id, { id: r.id, label: r.name }]));
  const roots: DeptTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId !== null && ids.has(row.parentId) ? nodes.get(row.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** GET /system/user/deptTree: the enabled departments the operator's data scope reaches. */
export async function deptTree(db: Db, operatorId: number) {
  return buildDeptTree(
    await listDeptRows(db, { status: 'enabled' }, await deptScopeCondition(db, operatorId)),
  );
}
