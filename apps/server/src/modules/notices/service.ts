/** Notifications to customers and operators' announcements: the rules of spec §4 Notifications. */
import {
  ErrorCode,
  MULTI_VALUE_SEPARATOR,
  type Language,
  type PageQuery,
  type SysNotice,
  type SysNoticeAdmin,
  type UserNotice,
  type UserNoticePage,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { customerIdsQuery } from '../identity/repo';
import {
  countSysNotices,
  countUnreadNotices,
  countUserNotices,
  deleteSysNotices,
  findSysNotice,
  findSysNoticeReaders,
  findSysNotices,
  findUnreadSysNotices,
  findUserNotices,
  insertSysNotice,
  insertUserNotice,
  insertUserNoticeForEach,
  markAllUserNoticesRead,
  markUserNoticeRead,
  recordSysNoticeReads,
  sysNoticeExists,
  updateSysNotice,
  type SysNoticeAdminRow,
  type UserNoticeRow,
} from './repo';
import { sanitizeNoticeHtml } from './sanitize';
import {
  NOTICE_TEMPLATES,
  type NoticeParams,
  type NoticeTemplate,
  type NoticeTemplateName,
} from './templates';

/** At most this many unread announcements are shown after a login. */
export const SYS_NOTICES_SHOWN = 20;

const slice = (query: PageQuery) => ({ offset: (query.page - 1) * query.limit, limit: query.limit });
const zh = (language: Language) => language === 'zh-CN';

/**
 * Notifies one user from a template. Call it with the transaction of the change it reports, so
 * the notice exists exactly when the change commits.
 */
export async function notify<N extends NoticeTemplateName>(
  db: Db,
  userId: number,
  template: N,
  params: NoticeParams<N>,
): Promise<number> {
  const { kind, render } = NOTICE_TEMPLATES[template] as NoticeTemplate<NoticeParams<N>>;
  const text = render(params);
  return insertUserNotice(db, {
    userId,
    kind,
    titleZh: text['zh-CN'].title,
    titleEn: text['en-US'].title,
    contentZh: text['zh-CN'].content,
    contentEn: text['en-US'].content,
  });
}

function userNoticeView(row: UserNoticeRow, language: Language): UserNotice {
  return {
    notice_id: row.id,
    kind: row.kind as UserNotice['kind'],
    title: zh(language) ? row.titleZh : row.titleEn,
    content: zh(language) ? row.contentZh : row.contentEn,
    is_read: row.readAt ? 1 : 0,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** GET /user/user_notice: a page of the user's notices and the unread count. */
export async function listUserNotices(
  db: Db,
  userId: number,
  query: PageQuery & { is_read?: number },
  language: Language,
): Promise<UserNoticePage> {
  const [rows, total, unread] = await Promise.all([
    findUserNotices(db, userId, query.is_read, slice(query)),
    countUserNotices(db, userId, query.is_read),
    countUnreadNotices(db, userId),
  ]);
  return {
    list: rows.map((row) => userNoticeView(row, language)),
    total,
    page: query.page,
    limit: query.limit,
    no_read_count: unread,
  };
}

/** PUT /user/user_notice/{notice_id}: marks one notice (or `all`) read; repeating is harmless. */
export async function markNotice(db: Db, userId: number, noticeId: number | 'all') {
  if (noticeId === 'all') {
    await markAllUserNoticesRead(db, userId);
  } else if (!(await markUserNoticeRead(db, userId, noticeId))) {
    // Another user's notice answers like a missing one.
    throw new AppError('not_found', ErrorCode.NOTICE_NOT_FOUND);
  }
  return { no_read_count: await countUnreadNotices(db, userId) };
}

/** GET /user/sys_notice: the published announcements the user has not read yet. */
export async function listUnreadSysNotices(db: Db, userId: number, language: Language): Promise<SysNotice[]> {
  const rows = await findUnreadSysNotices(db, userId, SYS_NOTICES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    title: zh(language) ? row.titleZh : row.titleEn,
    content: zh(language) ? row.contentZh : row.contentEn,
    created_at: row.createdAt.toISOString(),
  }));
}

/** POST /user/sys_notice/read: answers how many of the ids are published announcements. */
export async function readSysNotices(db: Db, userId: number, ids: number[]) {
  return { read: await recordSysNoticeReads(db, userId, [...new Set(ids)]) };
}

// Operators

export interface SysNoticeInput {
  title_zh: string;
  title_en: string;
  content_zh: string;
  content_en: string;
  status: '0' | '1';
  notice_type: '1' | '2';
}

function sysNoticeAdminView({ notice: row, author, readCount }: SysNoticeAdminRow): SysNoticeAdmin {
  return {
    id: row.id,
    title_zh: row.titleZh,
    title_en: row.titleEn,
    content_zh: row.contentZh,
    content_en: row.contentEn,
    status: row.status === '1' ? '1' : '0',
    notice_type: row.noticeType === '1' ? '1' : '2',
    author: author ?? '',
    read_count: readCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What is stored: the editor's HTML cleaned (it is shown to every customer). */
function sysNoticeValues(input: SysNoticeInput) {
  return {
    titleZh: input.title_zh,
    titleEn: input.title_en,
    contentZh: sanitizeNoticeHtml(input.content_zh),
    contentEn: sanitizeNoticeHtml(input.content_en),
    status: input.status,
    noticeType: input.notice_type,
  };
}

export async function listSysNotices(
  db: Db,
  query: PageQuery & { title?: string; status?: string; notice_type?: string; author?: string },
) {
  const filter = {
    title: query.title || undefined,
    status: query.status,
    noticeType: query.notice_type,
    author: query.author || undefined,
  };
  const [rows, total] = await Promise.all([
    findSysNotices(db, filter, slice(query)),
    countSysNotices(db, filter),
  ]);
  return { list: rows.map(sysNoticeAdminView), total, page: query.page, limit: query.limit };
}

export async function getSysNotice(db: Db, id: number) {
  const row = await findSysNotice(db, id);
  if (!row) throw new AppError('not_found', ErrorCode.NOTICE_NOT_FOUND);
  return sysNoticeAdminView(row);
}

export async function createSysNotice(db: Db, operatorId: number, input: SysNoticeInput) {
  const row = await insertSysNotice(db, { ...sysNoticeValues(input), createdBy: operatorId });
  return getSysNotice(db, row.id);
}

export async function editSysNotice(db: Db, id: number, input: SysNoticeInput) {
  const row = await updateSysNotice(db, id, sysNoticeValues(input));
  if (!row) throw new AppError('not_found', ErrorCode.NOTICE_NOT_FOUND);
  return getSysNotice(db, id);
}

/** GET /system/notice/{id}/readers: who has read it and when; an unknown notice answers 404. */
export async function listSysNoticeReaders(db: Db, id: number, query: PageQuery) {
  if (!(await sysNoticeExists(db, id))) throw new AppError('not_found', ErrorCode.NOTICE_NOT_FOUND);
  const { rows, total } = await findSysNoticeReaders(db, id, slice(query));
  const list = rows.map((row) => ({
    user_id: row.userId,
    email: row.email,
    nickname: row.nickname,
    read_at: row.readAt.toISOString(),
  }));
  return { list, total, page: query.page, limit: query.limit };
}

/** DELETE /system/notice/{ids}: answers how many existed. */
export async function removeSysNotices(db: Db, ids: string) {
  const list = [...new Set(ids.split(MULTI_VALUE_SEPARATOR).map(Number))];
  return { deleted: await deleteSysNotices(db, list) };
}

/**
 * POST /system/user_notice: a plain-text notice to one customer, or to every customer at once.
 * An unknown (or non-customer) user_id answers 404.
 */
export async function sendUserNotice(
  db: Db,
  input: { user_id?: number; title_zh: string; title_en: string; content_zh: string; content_en: string },
) {
  const sent = await insertUserNoticeForEach(db, customerIdsQuery(input.user_id), {
    kind: 'operator',
    titleZh: input.title_zh,
    titleEn: input.title_en,
    contentZh: input.content_zh,
    contentEn: input.content_en,
  });
  if (input.user_id !== undefined && sent === 0) throw new AppError('not_found', ErrorCode.NOT_FOUND);
  return { sent };
}
