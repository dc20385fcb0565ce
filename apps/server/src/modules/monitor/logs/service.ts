/** The operators' side of the operation and login logs: list, detail, delete, clean, export, unlock. */
import {
  ErrorCode,
  MULTI_VALUE_SEPARATOR,
  type Language,
  type LoginLog,
  type LoginLogFilter,
  type LoginLogPage,
  type LogStatus,
  type OperBusinessType,
  type OperLog,
  type OperLogFilter,
  type OperLogPage,
  type PageQuery,
} from '@cloudbay/contracts';
import type { Db } from '../../../db/client';
import { loginLogs, operLogs } from '../../../db/schema';
import { csvExport, csvFileName, type CsvExport } from '../../../lib/csv';
import { AppError } from '../../../lib/errors';
import { clearLoginFailures } from '../../identity/repo';
import { loginLogCsvLine, loginLogCsvTitles, operLogCsvLine, operLogCsvTitles } from './logs-csv';
import {
  cleanLogs,
  deleteLogs,
  findLogBatch,
  findLogPage,
  findOperLog,
  loginLogWhere,
  operLogWhere,
  type LoginLogRow,
  type OperLogRow,
} from './repo';

export type LogKind = 'oper' | 'login';
const TABLES = { oper: operLogs, login: loginLogs } as const;

export interface ExportOptions {
  language: Language;
  timeZone: string;
  now: Date;
}

function operLogView(row: OperLogRow): OperLog {
  return {
    id: row.id,
    module: row.module,
    business_type: row.businessType as OperBusinessType,
    method: row.method,
    route: row.route,
    url: row.url,
    user_id: row.userId,
    email: row.email,
    ip: row.ip,
    params: row.params,
    result: row.result,
    http_status: row.httpStatus,
    result_code: row.resultCode,
    status: row.status as LogStatus,
    error_msg: row.errorMsg,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
  };
}

function loginLogView(row: LoginLogRow): LoginLog {
  return {
    id: row.id,
    email: row.email,
    ip: row.ip,
    browser: row.browser,
    os: row.os,
    status: row.status as LogStatus,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

const sliceOf = (query: PageQuery) => ({ offset: (query.page - 1) * query.limit, limit: query.limit });

/** GET /monitor/operlog/list */
export async function listOperLogs(db: Db, query: OperLogFilter & PageQuery): Promise<OperLogPage> {
  const { rows, total } = await findLogPage(db, operLogs, operLogWhere(query), sliceOf(query));
  return { list: rows.map(operLogView), total, page: query.page, limit: query.limit };
}

/** GET /monitor/operlog/{id} */
export async function getOperLog(db: Db, id: number): Promise<OperLog> {
  const row = await findOperLog(db, id);
  if (!row) throw new AppError('not_found', ErrorCode.OPER_LOG_NOT_FOUND);
  return operLogView(row);
}

/** GET /monitor/logininfor/list */
export async function listLoginLogs(db: Db, query: LoginLogFilter & PageQuery): Promise<LoginLogPage> {
  const { rows, total } = await findLogPage(db, loginLogs, loginLogWhere(query), sliceOf(query));
  return { list: rows.map(loginLogView), total, page: query.page, limit: query.limit };
}

/** DELETE /monitor/{operlog|logininfor}/{ids}: answers how many existed. */
export async function removeLogs(db: Db, kind: LogKind, ids: string) {
  const list = [...new Set(ids.split(MULTI_VALUE_SEPARATOR).map(Number))];
  return { deleted: await deleteLogs(db, TABLES[kind], list) };
}

/** DELETE /monitor/{operlog|logininfor}/clean */
export async function cleanLog(db: Db, kind: LogKind) {
  return { deleted: await cleanLogs(db, TABLES[kind]) };
}

/** What each log's export reads and writes. */
const EXPORTS = {
  oper: {
    filename: 'operlog',
    titles: operLogCsvTitles,
    batch: (db: Db, filter: object, belowId: number | undefined, limit: number) =>
      findLogBatch(db, operLogs, operLogWhere(filter as OperLogFilter), belowId, limit),
    line: operLogCsvLine as (row: OperLogRow | LoginLogRow, language: Language, timeZone: string) => string,
  },
  login: {
    filename: 'logininfor',
    titles: loginLogCsvTitles,
    batch: (db: Db, filter: object, belowId: number | undefined, limit: number) =>
      findLogBatch(db, loginLogs, loginLogWhere(filter as LoginLogFilter), belowId, limit),
    line: loginLogCsvLine as (row: OperLogRow | LoginLogRow, language: Language, timeZone: string) => string,
  },
} as const;

/** POST /monitor/{operlog|logininfor}/export: the filtered entries, newest first. */
export function exportLogs(
  db: Db,
  kind: LogKind,
  filter: OperLogFilter | LoginLogFilter,
  options: ExportOptions,
): Promise<CsvExport> {
  const { language, timeZone } = options;
  const log = EXPORTS[kind];
  return csvExport<OperLogRow | LoginLogRow>({
    filename: csvFileName(log.filename, options.now, timeZone),
    header: log.titles(language, timeZone),
    readBatch: (belowId, limit) => log.batch(db, filter, belowId, limit),
    line: (row) => log.line(row, language, timeZone),
  });
}

/**
 * GET /monitor/logininfor/unlock/{email} (RuoYi's unlock): lifts every address lock and the
 * step-up of the e-mail, as a password reset does.
 */
export async function unlockLogin(db: Db, email: string) {
  await clearLoginFailures(db, email);
  return { email };
}
