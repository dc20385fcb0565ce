/** The roles export (RuoYi's "导出"): one line per role, titles and statuses in the reader's language. */
import type { Language } from '@cloudbay/contracts';
import type { Db } from '../../../db/client';
import {
  csvCell,
  csvExport,
  csvFileName,
  csvLine,
  csvTitles,
  formatCsvTime,
  type CsvExport,
} from '../../../lib/csv';
import { dictLabels } from '../../dict/service';
import { allRoles, type RoleRow } from './repo';
import { roleFilter, statusFlagOf, type RoleListFilter } from './service';

const COLUMNS = ['id', 'name', 'key', 'sort', 'status', 'users', 'createdAt'] as const;
type Column = (typeof COLUMNS)[number];
const TIME_COLUMNS: ReadonlySet<Column> = new Set(['createdAt']);
const TITLES: Record<Language, Record<Column, string>> = {
  'zh-CN': {
    id: '角色编号',
    name: '角色名称',
    key: '权限字符',
    sort: '显示顺序',
    status: '状态',
    users: '用户数',
    createdAt: '创建时间',
  },
  'en-US': {
    id: 'Role ID',
    name: 'Role name',
    key: 'Role key',
    sort: 'Sort',
    status: 'Status',
    users: 'Accounts',
    createdAt: 'Created',
  },
};

export async function exportRoles(
  db: Db,
  filter: Omit<RoleListFilter, 'page' | 'limit'>,
  options: { language: Language; timeZone: string; now: Date },
): Promise<CsvExport> {
  const { language, timeZone } = options;
  const status = await dictLabels(db, 'sys_normal_disable', language);
  const rows = await allRoles(db, roleFilter({ ...filter, page: 1, limit: 1 }));
  return csvExport<RoleRow>({
    filename: csvFileName('roles', options.now, timeZone),
    header: csvTitles(COLUMNS, TITLES[language], TIME_COLUMNS, timeZone),
    // Roles are a handful of rows, read at once: the first batch is all of them.
    readBatch: async (belowId) => (belowId === undefined ? rows : []),
    line: (row) =>
      csvLine([
        String(row.id),
        csvCell(row.name),
        csvCell(row.key),
        String(row.sort),
        csvCell(status(statusFlagOf(row.status))),
        String(row.userCount),
        formatCsvTime(row.createdAt, timeZone),
      ]),
  });
}
