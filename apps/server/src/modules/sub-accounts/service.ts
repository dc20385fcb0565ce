/**
 * The main account's management of its sub-accounts (issue 21, `/cloud/sonacc`): create within the
 * maximum, list, password, batch edit (disabling ends sessions at once), delete, and binding
 * desktops and phones with per-binding permissions. A desktop's assigned user follows its binding.
 */
import {
  ErrorCode,
  SUB_ACCOUNT_DEFAULT_PERMISSIONS,
  type SubAccountBinding,
  type SubAccountItem,
  type SubAccountPage,
  type SubAccountPermission,
  type SubAccountResourceKind,
} from '@cloudbay/contracts';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { ActionDeps } from '../provisioning/actions';
import type { Db } from '../../db/client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors';
import { users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { randomCode } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { formatDollars, parseMicros } from '../../lib/money';
import { maxSubAccountsDefault } from '../business/customer/service';
import { refuseCommonPassword } from '../identity/accounts';
import { hashPassword } from '../identity/passwords';
import { insertUser, updateUser } from '../identity/repo';
import { syncDesktopEndUsers } from './end-users';
import {
  countSubAccounts,
  deleteBindings,
  findBindings,
  findOwnResources,
  findSubAccount,
  findSubAccountPage,
  findSubAccounts,
  revokeSessionsOf,
  setAllPermissions,
  upsertBindings,
  type BindingRow,
} from './repo';
import { monthStartOf } from './spend-cap';

/** The status flag of the API ('0' enabled / '1' disabled) and the stored one. */
const toFlag = (status: string) => (status === 'enabled' ? '0' : '1');
const toStatus = (flag: '0' | '1') => (flag === '0' ? 'enabled' : 'disabled');

/** A sub-account's own address is never typed by anyone: it signs in by main e-mail + nickname. */
export const subAccountAddress = () => `son.${randomCode(20).toLowerCase()}@sub.invalid`;

/** The main account's maximum: its own limit, else the setting `sub_account.max_default`. */
export async function maxSubAccountsOf(db: Db, mainUserId: number): Promise<number> {
  const [row] = await db.select({ max: users.maxSubAccounts }).from(users).where(eq(users.id, mainUserId));
  return row?.max ?? (await maxSubAccountsDefault(db));
}

async function requireSubAccount(db: Db, mainUserId: number, accountId: number) {
  const row = await findSubAccount(db, mainUserId, accountId);
  if (!row) throw new AppError('not_found', ErrorCode.SUB_ACCOUNT_NOT_FOUND);
  return row;
}

/**
 * POST /user/son_account. The count is checked under a lock on the main account's row, so
 * concurrent creations cannot pass the maximum; the nickname's unique index decides a race.
 */
export async function createSubAccount(
  pool: pg.Pool,
  mainUserId: number,
  input: { nickname: string; password: string; remark?: string },
): Promise<{ account_id: number }> {
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(pool, async (tx) => {
      await tx.db.execute(sql`SELECT id FROM users WHERE id = ${mainUserId} FOR UPDATE`);
      const max = await maxSubAccountsOf(tx.db, mainUserId);
      if ((await countSubAccounts(tx.db, mainUserId)) >= max) {
        throw new AppError('business_rule', ErrorCode.SUB_ACCOUNT_LIMIT_REACHED, { max });
      }
      const user = await insertUser(tx.db, {
        email: subAccountAddress(),
        passwordHash,
        nickname: input.nickname,
        parentId: mainUserId,
        isSon: true,
        inviteCode: randomCode(8),
        remark: input.remark ?? null,
      });
      return { account_id: user.id };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError('conflict', ErrorCode.SUB_ACCOUNT_NICKNAME_TAKEN);
    }
    throw error;
  }
}

function toBinding(row: BindingRow): SubAccountBinding {
  return {
    kind: row.kind,
    resource_id: row.resourceId,
    name: row.name,
    permissions: row.permissions as SubAccountPermission[],
    bound_at: row.boundAt.toISOString(),
  };
}

/** GET /user/son_account: a page with each account's bindings, live sessions and spend. */
export async function listSubAccounts(
  db: Db,
  mainUserId: number,
  query: { nickname?: string; status?: '0' | '1'; page: number; limit: number },
  now: Date,
): Promise<SubAccountPage> {
  const { rows, total } = await findSubAccountPage(db, mainUserId, {
    nickname: query.nickname,
    status: query.status === undefined ? undefined : toStatus(query.status),
    monthStart: monthStartOf(now),
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const bindings = await findBindings(
    db,
    rows.map((r) => r.id),
  );
  const [used, max] = await Promise.all([countSubAccounts(db, mainUserId), maxSubAccountsOf(db, mainUserId)]);
  const list = rows.map((row): SubAccountItem => {
    const own = bindings.filter((b) => b.subUserId === row.id).map(toBinding);
    const desktops = own.filter((b) => b.kind === 'desktop');
    const phones = own.filter((b) => b.kind === 'phone');
    return {
      account_id: row.id,
      nickname: row.nickname,
      remark: row.remark ?? '',
      status: toFlag(row.status),
      desktop_count: desktops.length,
      phone_count: phones.length,
      desktops,
      phones,
      online_count: row.onlineCount,
      spend_cap: formatDollars(row.spendCapMicros),
      spent_this_month: formatDollars(row.spentMicros),
      create_time: row.createdAt.toISOString(),
      last_login_time: row.lastLoginAt?.toISOString() ?? null,
    };
  });
  return { list, total, page: query.page, limit: query.limit, used, max };
}

/** PUT /user/son_account/{account_id}/password: its sessions end (whoever had the old one is out). */
export async function setSubAccountPassword(
  pool: pg.Pool,
  db: Db,
  mainUserId: number,
  accountId: number,
  password: string,
) {
  await requireSubAccount(db, mainUserId, accountId);
  await refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  await inTransaction(pool, async (tx) => {
    await updateUser(tx.db, accountId, { passwordHash });
    await revokeSessionsOf(tx.db, [accountId]);
  });
}

/**
 * PUT /user/son_account/batch_edit: every named account must be the caller's (else 404, nothing
 * changes). Disabling ends their sessions in the same transaction.
 */
export async function batchEditSubAccounts(
  pool: pg.Pool,
  mainUserId: number,
  body: {
    account_ids: number[];
    status?: '0' | '1';
    remark?: string;
    permissions?: SubAccountPermission[];
    spend_cap?: string;
  },
): Promise<{ updated: number }> {
  const ids = [...new Set(body.account_ids)];
  return inTransaction(pool, async (tx) => {
    const found = await findSubAccounts(tx.db, mainUserId, ids);
    if (found.length !== ids.length) throw new AppError('not_found', ErrorCode.SUB_ACCOUNT_NOT_FOUND);
    const values = {
      ...(body.status === undefined ? {} : { status: toStatus(body.status) }),
      ...(body.remark === undefined ? {} : { remark: body.remark }),
      ...(body.spend_cap === undefined ? {} : { spendCapMicros: parseMicros(body.spend_cap) }),
    };
    for (const id of ids) if (Object.keys(values).length > 0) await updateUser(tx.db, id, values);
    if (body.permissions !== undefined) await setAllPermissions(tx.db, ids, body.permissions);
    if (body.status === '1') await revokeSessionsOf(tx.db, ids);
    return { updated: ids.length };
  });
}

/** DELETE /user/son_account/{account_id}: unbinds everything, ends its sessions, removes it. */
export async function deleteSubAccount(deps: ActionDeps, mainUserId: number, accountId: number) {
  const { pool, db } = deps.database;
  const account = await requireSubAccount(db, mainUserId, accountId);
  const desktops = (await findBindings(db, [accountId])).filter((b) => b.kind === 'desktop');
  await inTransaction(pool, async (tx) => {
    await deleteBindings(tx.db, 'desktop', accountId);
    await deleteBindings(tx.db, 'phone', accountId);
    await tx.db.execute(sql`DELETE FROM sub_account_charges WHERE sub_user_id = ${accountId}`);
    // Sessions, role rows, notices and idempotency keys go with the row (ON DELETE CASCADE).
    await tx.db.delete(users).where(eq(users.id, accountId));
  });
  await syncDesktopEndUsers(
    deps,
    mainUserId,
    desktops.map((d) => d.resourceId),
    { removed: account },
  );
}

const NOT_FOUND_OF: Record<SubAccountResourceKind, ErrorCode> = {
  desktop: ErrorCode.DESKTOP_NOT_FOUND,
  phone: ErrorCode.PHONE_NOT_FOUND,
};

/** The main account's resources named (public ids): one that is not its own answers 404. */
async function ownResources(db: Db, mainUserId: number, kind: SubAccountResourceKind, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await findOwnResources(db, mainUserId, kind, unique);
  if (rows.length !== unique.length) throw new AppError('not_found', NOT_FOUND_OF[kind]);
  return rows;
}

/**
 * POST /user/son_account/{account_id}/desktop|phone: binds (or re-sets the permissions of) the
 * caller's resources; a bound desktop is assigned to the sub-account's nickname.
 */
export async function bindResources(
  deps: ActionDeps,
  mainUserId: number,
  accountId: number,
  kind: SubAccountResourceKind,
  ids: string[],
  permissions: SubAccountPermission[] = [...SUB_ACCOUNT_DEFAULT_PERMISSIONS],
): Promise<{ count: number }> {
  const { db } = deps.database;
  const account = await requireSubAccount(db, mainUserId, accountId);
  const rows = await ownResources(db, mainUserId, kind, ids);
  const count = await upsertBindings(
    db,
    kind,
    accountId,
    rows.map((r) => r.id),
    permissions,
  );
  if (kind === 'desktop') {
    await syncDesktopEndUsers(
      deps,
      mainUserId,
      rows.map((r) => r.resourceId),
      { added: account },
    );
  }
  return { count };
}

/** DELETE /user/son_account/{account_id}/desktop|phone: unbinds; the desktop's user follows. */
export async function unbindResources(
  deps: ActionDeps,
  mainUserId: number,
  accountId: number,
  kind: SubAccountResourceKind,
  ids: string[],
): Promise<{ count: number }> {
  const { db } = deps.database;
  const account = await requireSubAccount(db, mainUserId, accountId);
  const rows = await ownResources(db, mainUserId, kind, ids);
  const count = await deleteBindings(
    db,
    kind,
    accountId,
    rows.map((r) => r.id),
  );
  if (kind === 'desktop') {
    await syncDesktopEndUsers(
      deps,
      mainUserId,
      rows.map((r) => r.resourceId),
      { removed: account },
    );
  }
  return { count };
}
