/**
 * The operators' customer pages (issue 18): the list, one customer's detail tabs, settings and
 * notes. Every call is inside the caller's data scope on customers, where '5' ("own only") means the
 * customers whose owner operator is the caller; a customer outside it answers 404 like a missing one.
 */
import {
  ErrorCode,
  SUB_ACCOUNT_MAX_DEFAULT,
  SUB_ACCOUNT_MAX_DEFAULT_KEY,
  type Customer,
  type CustomerDetail,
  type CustomerFilterValues,
  type CustomerSettingsBody,
  type Language,
  type NormalDisable,
  type PageQuery,
} from '@cloudbay/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { formatCsvTime } from '../../../lib/csv';
import { AppError } from '../../../lib/errors';
import { formatDollars, parseMicros } from '../../../lib/money';
import { sheetFor, statusWord, type SheetRequest } from '../../../lib/sheet-export';
import { timeRange } from '../../../lib/time-window';
import {
  findUserById,
  listLiveSessions,
  revokeOtherSessions,
  revokeSession,
  updateUser,
} from '../../identity/repo';
import { splitDevice } from '../../monitor/online/service';
import { listUserNotices } from '../../notices/service';
import { listOrders } from '../../orders/service';
import { listTopups } from '../../payments/service';
import { setPhWhiteUser } from '../../phones/service';
import { findSysConfigByKey } from '../../system/config/repo';
import { dataScopeSql, deptScopeSql, loadDataScope } from '../../system/data-scope';
import { flagOf, rowStatusOf, statusFilter } from '../../system/org-status';
import { listBills } from '../../wallet/bills';
import {
  findDepts,
  findOperators,
  insertNote,
  pageNotes,
  pageResources,
  pageSubAccounts,
} from './detail-repo';
import {
  findCustomerBatch,
  findScopedCustomer,
  listCustomerRows,
  type CustomerFilter,
  type CustomerRow,
} from './repo';

type Slice = PageQuery;
const pageAnswer = <T>(list: T[], total: number, query: Slice) => ({
  list,
  total,
  page: query.page,
  limit: query.limit,
});
const iso = (date: Date | null) => date?.toISOString() ?? null;
const accountOf = (id: number | null, email: string | null) =>
  id === null || email === null ? null : { userId: id, email };

export function customerView(row: CustomerRow): Customer {
  return {
    userId: row.id,
    email: row.email,
    nickname: row.nickname,
    status: flagOf(row.status),
    balance: formatDollars(row.balanceMicros),
    topupTotal: formatDollars(row.topupMicros),
    spentMonth: formatDollars(row.spentMonthMicros),
    spentTotal: formatDollars(row.spentTotalMicros),
    desktops: row.desktops,
    phones: row.phones,
    networks: row.networks,
    subAccounts: row.subAccounts,
    invitedBy: accountOf(row.inviterId, row.inviterEmail),
    deptId: row.deptId,
    deptName: row.deptName ?? '',
    owner: accountOf(row.ownerId, row.ownerEmail),
    phWhiteUser: row.phWhiteUser,
    createTime: row.createdAt.toISOString(),
  };
}

/** The caller's scope on customers (alias `u`): '5' reaches the customers they own. */
async function customerScope(db: Db, operatorId: number): Promise<SQL> {
  return dataScopeSql(await loadDataScope(db, operatorId), 'u', 'owner_operator_id');
}

type Filters = CustomerFilterValues;
function filterOf(query: Filters): CustomerFilter {
  const micros = (value: string | undefined) => (value === undefined ? undefined : parseMicros(value));
  return {
    email: query.email,
    nickname: query.nickname,
    status: statusFilter(query.status),
    deptId: query.deptId,
    ownerOperatorId: query.ownerOperatorId,
    balanceMin: micros(query.balanceMin),
    balanceMax: micros(query.balanceMax),
    arrears: query.arrears === '1',
    created: timeRange(query),
  };
}

export async function pageCustomers(
  db: Db,
  operatorId: number,
  query: Filters & Slice & { sort: 'created' | 'balance' | 'spent'; order: 'asc' | 'desc' },
) {
  const scope = await customerScope(db, operatorId);
  const sort = { by: query.sort, order: query.order };
  const { rows, total } = await listCustomerRows(db, filterOf(query), scope, sort, query);
  return pageAnswer(rows.map(customerView), total, query);
}

/** A customer inside the caller's scope; anything else answers 404 CUSTOMER_NOT_FOUND. */
async function requireCustomer(db: Db, operatorId: number, userId: number): Promise<CustomerRow> {
  const row = await findScopedCustomer(db, userId, await customerScope(db, operatorId));
  if (!row) throw new AppError('not_found', ErrorCode.CUSTOMER_NOT_FOUND);
  return row;
}

export async function maxSubAccountsDefault(db: Db): Promise<number> {
  const value = Number((await findSysConfigByKey(db, SUB_ACCOUNT_MAX_DEFAULT_KEY))?.value);
  return Number.isInteger(value) && value >= 0 ? value : SUB_ACCOUNT_MAX_DEFAULT;
}

export async function getCustomer(db: Db, operatorId: number, userId: number): Promise<CustomerDetail> {
  const row = await requireCustomer(db, operatorId, userId);
  const [user, fallback] = await Promise.all([findUserById(db, userId), maxSubAccountsDefault(db)]);
  return {
    ...customerView(row),
    holdBalance: formatDollars(row.holdMicros),
    maxSubAccounts: user?.maxSubAccounts ?? fallback,
    maxSubAccountsCustom: user?.maxSubAccounts !== null && user?.maxSubAccounts !== undefined,
    inviteCode: user?.inviteCode ?? '',
    language: user?.language ?? '',
    loginDate: iso(user?.lastLoginAt ?? null),
    loginIp: user?.lastLoginIp ?? null,
    arrears: row.arrears,
  };
}

// ---------------------------------------------------------------------------------------------
// Tabs: the customer-side services of each area, called with the customer's id once the scope passed.

/** A customer-side list of the customer's own records, read for them once the scope let the caller see them. */
function forCustomer<Q, R, A extends unknown[]>(
  list: (db: Db, userId: number, query: Q, ...rest: A) => Promise<R>,
) {
  return async (db: Db, operatorId: number, userId: number, query: Q, ...rest: A): Promise<R> => {
    await requireCustomer(db, operatorId, userId);
    return list(db, userId, query, ...rest);
  };
}

export const customerBills = forCustomer(listBills);
export const customerTopups = forCustomer(listTopups);
export const customerOrders = forCustomer(listOrders);
export const customerNotices = forCustomer(listUserNotices);

export async function customerResources(
  db: Db,
  operatorId: number,
  userId: number,
  query: Slice & { kind?: string; withDeleted?: '1' },
  language: Language,
) {
  await requireCustomer(db, operatorId, userId);
  const filter = { kind: query.kind, withDeleted: query.withDeleted === '1' };
  const { rows, total } = await pageResources(db, userId, filter, query);
  const list = rows.map((row) => ({
    resourceId: row.resourceId,
    kind: row.kind as never,
    name: row.name,
    status: row.status,
    regionName: (language === 'en-US' ? row.regionEn : row.regionZh) ?? null,
    billingMethod: row.billingMethod,
    expireTime: iso(row.expiresAt),
    createTime: row.createdAt.toISOString(),
    deleteTime: iso(row.deletedAt),
  }));
  return pageAnswer(list, total, query);
}

export async function customerSubAccounts(db: Db, operatorId: number, userId: number, query: Slice) {
  await requireCustomer(db, operatorId, userId);
  const { rows, total } = await pageSubAccounts(db, userId, query);
  const list = rows.map((row) => ({
    userId: row.id,
    email: row.email,
    nickname: row.nickname,
    status: flagOf(row.status),
    loginDate: iso(row.lastLoginAt),
    createTime: row.createdAt.toISOString(),
  }));
  return pageAnswer(list, total, query);
}

/** The customer's live sessions (as the auth hook accepts them), most recently seen first. */
export async function customerSessions(db: Db, operatorId: number, userId: number, query: Slice) {
  await requireCustomer(db, operatorId, userId);
  const rows = await listLiveSessions(db, userId);
  const list = rows.slice((query.page - 1) * query.limit, query.page * query.limit).map((row) => ({
    sessionId: row.id,
    ip: row.ip,
    ...splitDevice(row.device),
    loginTime: row.createdAt.toISOString(),
    lastSeenTime: row.lastSeenAt.toISOString(),
  }));
  return pageAnswer(list, rows.length, query);
}

/** Ends one of the customer's sessions at once; another account's or an ended one answers 404. */
export async function revokeCustomerSession(db: Db, operatorId: number, userId: number, sessionId: string) {
  await requireCustomer(db, operatorId, userId);
  if (!(await revokeSession(db, userId, sessionId))) {
    throw new AppError('not_found', ErrorCode.SESSION_NOT_FOUND);
  }
  return { sessionId };
}

export async function customerNotes(db: Db, operatorId: number, userId: number, query: Slice) {
  await requireCustomer(db, operatorId, userId);
  const { rows, total } = await pageNotes(db, userId, query);
  const list = rows.map((row) => ({
    noteId: row.id,
    body: row.body,
    author: accountOf(row.authorId, row.authorEmail),
    createTime: row.createdAt.toISOString(),
  }));
  return pageAnswer(list, total, query);
}

export async function addCustomerNote(db: Db, operatorId: number, userId: number, body: string) {
  await requireCustomer(db, operatorId, userId);
  const row = await insertNote(db, { userId, authorId: operatorId, body });
  const [author] = await findOperatorsById(db, operatorId);
  return {
    noteId: row.id,
    body: row.body,
    author: author ? { userId: author.userId, email: author.email } : null,
    createTime: row.createdAt.toISOString(),
  };
}

const findOperatorsById = (db: Db, id: number) => findOperators(db, sql`true`, id);

// ---------------------------------------------------------------------------------------------
// Settings

/** What the settings form offers: the departments and operators the caller's scope reaches. */
export async function customerOptions(db: Db, operatorId: number) {
  const scope = await loadDataScope(db, operatorId);
  const [deptRows, operators, fallback] = await Promise.all([
    findDepts(db, deptScopeSql(scope)),
    findOperators(db, dataScopeSql(scope, 'u')),
    maxSubAccountsDefault(db),
  ]);
  return {
    depts: deptRows.map((d) => ({ ...d, parentId: d.parentId ?? 0 })),
    operators,
    maxSubAccountsDefault: fallback,
  };
}

/** A customer-changing write: checks, then `write` in one transaction, then the detail as it now is. */
async function changeCustomer(
  { db, pool }: Database,
  operatorId: number,
  userId: number,
  write: (tx: Db) => Promise<void>,
  check: () => Promise<void> = async () => undefined,
) {
  await requireCustomer(db, operatorId, userId);
  await check();
  await inTransaction(pool, ({ db: tx }) => write(tx));
  return getCustomer(db, operatorId, userId);
}

/**
 * PUT /business/customer/{userId}/settings: the cloud-phone flag (the phones module's own
 * service), the sub-account limit, the department (one the caller's scope reaches, else 404
 * DEPT_NOT_FOUND) and the owner operator (an enabled operator the caller sees, else 422).
 */
export function updateCustomerSettings(
  database: Database,
  operatorId: number,
  userId: number,
  input: CustomerSettingsBody,
) {
  const { db } = database;
  const check = async () => {
    const scope = await loadDataScope(db, operatorId);
    if (input.deptId !== undefined && (await findDepts(db, deptScopeSql(scope), input.deptId)).length === 0) {
      throw new AppError('not_found', ErrorCode.DEPT_NOT_FOUND);
    }
    const owner = input.ownerOperatorId;
    if (owner && (await findOperators(db, dataScopeSql(scope, 'u'), owner)).length === 0) {
      throw new AppError('business_rule', ErrorCode.CUSTOMER_OWNER_INVALID);
    }
  };
  const write = async (tx: Db) => {
    const values = {
      ...(input.maxSubAccounts !== undefined && { maxSubAccounts: input.maxSubAccounts }),
      ...(input.deptId !== undefined && { deptId: input.deptId }),
      ...(input.ownerOperatorId !== undefined && { ownerOperatorId: input.ownerOperatorId }),
    };
    if (Object.keys(values).length > 0) await updateUser(tx, userId, values);
    if (input.phWhiteUser !== undefined) await setPhWhiteUser(tx, userId, input.phWhiteUser);
  };
  return changeCustomer(database, operatorId, userId, write, check);
}

/** Disabling ends every session of the customer in the same transaction (the login refuses it after). */
export function changeCustomerStatus(
  database: Database,
  operatorId: number,
  userId: number,
  status: NormalDisable,
) {
  return changeCustomer(database, operatorId, userId, async (tx) => {
    await updateUser(tx, userId, { status: rowStatusOf(status) });
    if (status === '1') await revokeOtherSessions(tx, userId);
  });
}

// ---------------------------------------------------------------------------------------------
// Export

const EXPORT_TITLES: Record<Language, string[]> = {
  'zh-CN': [
    '客户编号',
    '邮箱',
    '昵称',
    '余额',
    '累计充值',
    '本月消费',
    '累计消费',
    '云电脑',
    '云手机',
    '网络',
    '子账号',
    '邀请人',
    '部门',
    '负责人',
    '状态',
    '注册时间',
  ],
  'en-US': [
    'Customer ID',
    'E-mail',
    'Nickname',
    'Balance',
    'Topped up',
    'Spent this month',
    'Spent in total',
    'Desktops',
    'Phones',
    'Networks',
    'Sub-accounts',
    'Invited by',
    'Department',
    'Owner',
    'Status',
    'Registered',
  ],
};

/** POST /business/customer/export: the filtered customers in the caller's scope, newest first. */
export async function exportCustomers(db: Db, operatorId: number, filters: Filters, request: SheetRequest) {
  const scope = await customerScope(db, operatorId);
  const filter = filterOf(filters);
  return sheetFor(request, {
    subject: 'customers',
    titles: EXPORT_TITLES,
    readBatch: (belowId, limit) => findCustomerBatch(db, filter, scope, belowId, limit),
    cells: (row) => {
      const view = customerView(row);
      const counts = [row.desktops, row.phones, row.networks, row.subAccounts].map(String);
      const money = [view.balance, view.topupTotal, view.spentMonth, view.spentTotal];
      const people = [row.inviterEmail, row.deptName, row.ownerEmail].map((text) => text ?? '');
      const created = formatCsvTime(row.createdAt, request.timeZone);
      return [
        String(row.id),
        row.email,
        row.nickname,
        ...money,
        ...counts,
        ...people,
        statusWord(request.language, row.status),
        created,
      ];
    },
  });
}
