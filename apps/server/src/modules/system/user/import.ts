/**
 * Operators imported from an .xlsx (POST /system/user/importData): the template's columns are
 * USER_IMPORT_COLUMNS in order (titles in either language; only the position counts). Every row
 * is checked first, and the file is imported whole or not at all: with any bad row nothing is
 * written and every problem comes back as (row, field, translated message). Imported accounts get
 * no roles; roles are granted on the role assignment page.
 */
import { readFile } from 'node:fs/promises';
import {
  ErrorCode,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  emailField,
  loadCommonPasswordCheck,
  nicknameField,
  passwordField,
  type Language,
  type UserImportAnswer,
  type UserImportColumn,
} from '@cloudbay/contracts';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { inTransaction } from '../../../db/transaction';
import { randomCode } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import { isErrorCode, translate } from '../../../lib/i18n';
import { hashPassword } from '../../identity/passwords';
import { insertUser, revokeOtherSessions, updateUser } from '../../identity/repo';
import { ownFile, storedNameOfResource } from '../../files/service';
import { dataScopeCondition, deptScopeCondition } from '../data-scope';
import { listDeptRows } from '../dept/repo';
import { findBuiltinAdminId, findScopedUser, findUsersByEmails } from './repo';

type Deps = Pick<AppDeps, 'database' | 'config'>;

interface ImportRow {
  row: number;
  email: string;
  nickname: string;
  deptId: number | null;
  password: string;
  status: 'enabled' | 'disabled';
  remark: string;
  /** The account the row updates (with updateSupport). */
  existingId?: number;
}

export const IMPORT_TITLES: Record<Language, Record<UserImportColumn, string>> = {
  'zh-CN': {
    email: '邮箱*',
    nickname: '昵称*',
    deptId: '部门编号',
    password: '密码（新用户必填）',
    status: '状态（0正常 1停用）',
    remark: '备注',
  },
  'en-US': {
    email: 'E-mail*',
    nickname: 'Nickname*',
    deptId: 'Department ID',
    password: 'Password (new users)',
    status: 'Status (0 enabled, 1 disabled)',
    remark: 'Remark',
  },
};

/** POST /system/user/importTemplate: the header row in the caller's language. */
export async function importTemplate(language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.columns = USER_IMPORT_COLUMNS.map((column) => ({
    header: IMPORT_TITLES[language][column],
    width: 28,
  }));
  // Department ids and statuses are text, so Excel keeps what is typed.
  sheet.getColumn(3).numFmt = '@';
  sheet.getColumn(5).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as text: e-mails Excel turned into links, rich text, numbers and dates included. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in value && value.result !== undefined) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

async function readRows(path: string): Promise<Array<{ row: number; cells: string[] }>> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types an older Buffer; the bytes are the same.
    await workbook.xlsx.load((await readFile(path)) as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError('validation', ErrorCode.USER_IMPORT_FILE_INVALID);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('validation', ErrorCode.USER_IMPORT_FILE_INVALID);
  const rows: Array<{ row: number; cells: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = USER_IMPORT_COLUMNS.map((_, index) => cellText(row.getCell(index + 1).value));
    if (cells.some((cell) => cell !== '')) rows.push({ row: number, cells });
  });
  if (rows.length > USER_IMPORT_MAX_ROWS) {
    throw new AppError('validation', ErrorCode.USER_IMPORT_TOO_MANY, { max: USER_IMPORT_MAX_ROWS });
  }
  return rows;
}

export async function importUsers(
  deps: Deps,
  operatorId: number,
  input: { file: string; updateSupport: boolean; language: Language },
): Promise<UserImportAnswer> {
  const { db, pool } = deps.database;
  const stored = await ownFile({ db, config: deps.config }, operatorId, storedNameOfResource(input.file));
  const rows = await readRows(stored.path);
  const errors: UserImportAnswer['errors'] = [];
  const report = (
    row: number,
    field: UserImportColumn,
    code: ErrorCode,
    params: Record<string, string | number> = {},
  ): undefined => {
    errors.push({ row, field, message: translate(input.language, code, params) });
    return undefined;
  };
  const parse = <T>(row: number, field: UserImportColumn, schema: z.ZodType<T>, value: string) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const message = result.error.issues[0]?.message ?? '';
    report(row, field, isErrorCode(message) ? message : ErrorCode.VALIDATION_FAILED, { fields: field });
    return undefined;
  };

  // Only departments inside the caller's data scope may receive accounts (as on the add form).
  const deptIds = new Set(
    (await listDeptRows(db, {}, await deptScopeCondition(db, operatorId))).map((d) => d.id),
  );
  const emails = rows.map((r) => r.cells[0]!.toLowerCase());
  const existing = new Map((await findUsersByEmails(db, emails)).map((u) => [u.email, u.id]));
  const scope = await dataScopeCondition(db, operatorId, 'u');
  const builtinAdmin = await findBuiltinAdminId(db);
  const isCommon = await loadCommonPasswordCheck();
  const firstRowOf = new Map<string, number>();
  const valid: ImportRow[] = [];

  for (const { row, cells } of rows) {
    const [emailText, nicknameText, deptText, password, statusText, remark] = cells as [string, ...string[]];
    const errorsBefore = errors.length;
    const email = emailText
      ? parse(row, 'email', emailField, emailText)
      : report(row, 'email', ErrorCode.USER_IMPORT_REQUIRED);
    const nickname = nicknameText
      ? parse(row, 'nickname', nicknameField, nicknameText)
      : report(row, 'nickname', ErrorCode.USER_IMPORT_REQUIRED);
    const deptId = deptText ? Number(deptText) : null;
    if (deptText && !deptIds.has(deptId!)) report(row, 'deptId', ErrorCode.DEPT_NOT_FOUND);
    if (statusText && statusText !== '0' && statusText !== '1')
      report(row, 'status', ErrorCode.USER_IMPORT_STATUS);
    if (remark!.length > 500) report(row, 'remark', ErrorCode.VALIDATION_FAILED, { fields: 'remark' });
    let existingId: number | undefined;
    if (typeof email === 'string') {
      const earlier = firstRowOf.get(email);
      if (earlier) report(row, 'email', ErrorCode.USER_IMPORT_DUPLICATE, { row: earlier });
      else firstRowOf.set(email, row);
      existingId = existing.get(email);
      if (existingId !== undefined && !input.updateSupport)
        report(row, 'email', ErrorCode.USER_IMPORT_EXISTS);
      // An account outside the caller's data scope is reported like one the caller may not update.
      if (existingId !== undefined && input.updateSupport && !(await findScopedUser(db, existingId, scope))) {
        report(row, 'email', ErrorCode.USER_IMPORT_EXISTS);
      }
      if (existingId !== undefined && statusText === '1') {
        if (existingId === operatorId) report(row, 'status', ErrorCode.USER_SELF_FORBIDDEN);
        else if (existingId === builtinAdmin) report(row, 'status', ErrorCode.USER_BUILTIN_ADMIN);
      }
    }
    if (password) {
      if (parse(row, 'password', passwordField, password) !== undefined && isCommon(password)) {
        report(row, 'password', ErrorCode.PASSWORD_COMMON);
      }
    } else if (existingId === undefined) {
      report(row, 'password', ErrorCode.USER_IMPORT_REQUIRED);
    }
    if (errors.length > errorsBefore) continue;
    valid.push({
      row,
      email: email as string,
      nickname: nickname as string,
      deptId,
      password: password!,
      status: statusText === '1' ? 'disabled' : 'enabled',
      remark: remark!,
      existingId,
    });
  }
  if (errors.length > 0) return { created: 0, updated: 0, errors };

  // Hashed before the transaction: argon2 is slow and holds no lock.
  const hashes = await Promise.all(valid.map((r) => (r.password ? hashPassword(r.password) : undefined)));
  let created = 0;
  let updated = 0;
  await inTransaction(pool, async ({ db: tx }) => {
    for (const [index, r] of valid.entries()) {
      const values = { nickname: r.nickname, deptId: r.deptId, status: r.status, remark: r.remark || null };
      const passwordHash = hashes[index];
      if (r.existingId === undefined) {
        await insertUser(tx, {
          ...values,
          email: r.email,
          passwordHash: passwordHash!,
          inviteCode: randomCode(8),
        });
        created += 1;
      } else {
        await updateUser(tx, r.existingId, passwordHash ? { ...values, passwordHash } : values);
        // A disabled account or a new password ends the sessions, as on the page.
        if (passwordHash || r.status === 'disabled') await revokeOtherSessions(tx, r.existingId);
        updated += 1;
      }
    }
  });
  return { created, updated, errors: [] };
}
