/** The columns and lines of the operation-log and login-log exports, in the reader's language. */
import type { Language, LogStatus, OperBusinessType } from '@cloudbay/contracts';
import { csvCell, csvLine, csvTitles, formatCsvTime } from '../../../lib/csv';
import type { LoginLogRow, OperLogRow } from './repo';

const OPER_COLUMNS = [
  'id',
  'module',
  'businessType',
  'method',
  'url',
  'email',
  'ip',
  'status',
  'resultCode',
  'errorMsg',
  'durationMs',
  'time',
] as const;
type OperColumn = (typeof OPER_COLUMNS)[number];

const LOGIN_COLUMNS = ['id', 'email', 'ip', 'browser', 'os', 'status', 'reason', 'time'] as const;
type LoginColumn = (typeof LOGIN_COLUMNS)[number];

const TIME: ReadonlySet<'time'> = new Set(['time']);

const OPER_TITLES: Record<Language, Record<OperColumn, string>> = {
  'zh-CN': {
    id: '日志编号',
    module: '系统模块',
    businessType: '操作类型',
    method: '请求方式',
    url: '请求地址',
    email: '操作账号',
    ip: '操作地址',
    status: '操作状态',
    resultCode: '返回码',
    errorMsg: '错误消息',
    durationMs: '消耗时间（毫秒）',
    time: '操作时间',
  },
  'en-US': {
    id: 'Log ID',
    module: 'Module',
    businessType: 'Operation type',
    method: 'Method',
    url: 'URL',
    email: 'Account',
    ip: 'IP address',
    status: 'Status',
    resultCode: 'Result code',
    errorMsg: 'Error message',
    durationMs: 'Duration (ms)',
    time: 'Time',
  },
};

const LOGIN_TITLES: Record<Language, Record<LoginColumn, string>> = {
  'zh-CN': {
    id: '访问编号',
    email: '登录邮箱',
    ip: '登录地址',
    browser: '浏览器',
    os: '操作系统',
    status: '登录状态',
    reason: '原因代码',
    time: '访问时间',
  },
  'en-US': {
    id: 'Access ID',
    email: 'E-mail',
    ip: 'IP address',
    browser: 'Browser',
    os: 'Operating system',
    status: 'Status',
    reason: 'Reason code',
    time: 'Time',
  },
};

const BUSINESS_TYPES: Record<Language, Record<OperBusinessType, string>> = {
  'zh-CN': { insert: '新增', update: '修改', delete: '删除', other: '其他' },
  'en-US': { insert: 'Create', update: 'Update', delete: 'Delete', other: 'Other' },
};
const STATUSES: Record<Language, Record<LogStatus, string>> = {
  'zh-CN': { success: '成功', failure: '失败' },
  'en-US': { success: 'Success', failure: 'Failure' },
};

export const operLogCsvTitles = (language: Language, timeZone: string) =>
  csvTitles(OPER_COLUMNS, OPER_TITLES[language], TIME, timeZone);

export const loginLogCsvTitles = (language: Language, timeZone: string) =>
  csvTitles(LOGIN_COLUMNS, LOGIN_TITLES[language], TIME, timeZone);

export function operLogCsvLine(row: OperLogRow, language: Language, timeZone: string): string {
  return csvLine([
    csvCell(String(row.id), false),
    csvCell(row.module),
    csvCell(BUSINESS_TYPES[language][row.businessType as OperBusinessType] ?? row.businessType),
    csvCell(row.method),
    csvCell(row.url),
    csvCell(row.email ?? ''),
    csvCell(row.ip),
    csvCell(STATUSES[language][row.status as LogStatus] ?? row.status),
    csvCell(String(row.resultCode), false),
    csvCell(row.errorMsg ?? ''),
    csvCell(String(row.durationMs), false),
    formatCsvTime(row.createdAt, timeZone),
  ]);
}

export function loginLogCsvLine(row: LoginLogRow, language: Language, timeZone: string): string {
  return csvLine([
    csvCell(String(row.id), false),
    csvCell(row.email),
    csvCell(row.ip),
    csvCell(row.browser ?? ''),
    csvCell(row.os ?? ''),
    csvCell(STATUSES[language][row.status as LogStatus] ?? row.status),
    csvCell(row.reason ?? ''),
    formatCsvTime(row.createdAt, timeZone),
  ]);
}
