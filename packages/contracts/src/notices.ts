/** Notifications to one customer and system announcements (spec §3 Notice, §7 Notices). */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';

/** Where a notification comes from; later issues add kinds (billing, resources…). */
export const NOTICE_KINDS = ['account', 'billing', 'resource', 'operator'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** GET /user/user_notice: `is_read` 0 lists unread ones, 1 read ones, absent both. */
export const userNoticeQuery = pageQuery.extend({
  is_read: z.coerce.number().int().min(0).max(1).optional(),
});
export const userNoticeSchema = z.object({
  notice_id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  /** In the caller's language. */
  title: z.string(),
  content: z.string(),
  is_read: z.number().int().min(0).max(1),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type UserNotice = z.infer<typeof userNoticeSchema>;
/** The page of notices, with the caller's unread count (the bell's number). */
export const userNoticePageSchema = pageOf(userNoticeSchema).extend({ no_read_count: z.number().int() });
export type UserNoticePage = z.infer<typeof userNoticePageSchema>;

/** PUT /user/user_notice/{notice_id}: one notice, or `all` to mark every unread one read. */
export const markNoticeParams = z.object({
  notice_id: z.union([z.literal('all'), z.coerce.number().int().positive()]),
});
export const markNoticeAnswer = z.object({ no_read_count: z.number().int() });

/** GET /user/sys_notice: the announcements this user has not read yet (shown once after login). */
export const sysNoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML from the rich-text editor. */
  content: z.string(),
  created_at: z.string(),
});
export type SysNotice = z.infer<typeof sysNoticeSchema>;
/** POST /user/sys_notice/read */
export const readSysNoticeBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) });
export const readSysNoticeAnswer = z.object({ read: z.number().int() });

/** Operators: announcements in both languages (GET/POST/PUT/DELETE /system/notice). */
export const SYS_NOTICE_STATUSES = ['0', '1'] as const; // 0 published, 1 closed (a draft)
/** RuoYi's notice types: '1' notice, '2' announcement. */
export const SYS_NOTICE_TYPES = ['1', '2'] as const;
export const sysNoticeAdminSchema = z.object({
  id: z.number().int(),
  title_zh: z.string(),
  title_en: z.string(),
  content_zh: z.string(),
  content_en: z.string(),
  status: z.enum(SYS_NOTICE_STATUSES),
  notice_type: z.enum(SYS_NOTICE_TYPES),
  /** The e-mail of the operator who wrote it ('' once that account is gone). */
  author: z.string(),
  /** How many accounts have read it. */
  read_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SysNoticeAdmin = z.infer<typeof sysNoticeAdminSchema>;
export const sysNoticeListQuery = pageQuery.extend({
  title: z.string().trim().max(100).optional(),
  status: z.enum(SYS_NOTICE_STATUSES).optional(),
  notice_type: z.enum(SYS_NOTICE_TYPES).optional(),
  /** Part of the author's e-mail or nickname. */
  author: z.string().trim().max(100).optional(),
});
export const sysNoticeBody = z.object({
  title_zh: z.string().trim().min(1).max(100),
  title_en: z.string().trim().min(1).max(100),
  content_zh: z.string().max(20_000),
  content_en: z.string().max(20_000),
  status: z.enum(SYS_NOTICE_STATUSES).default('0'),
  notice_type: z.enum(SYS_NOTICE_TYPES).default('2'),
});
export type SysNoticeBody = z.input<typeof sysNoticeBody>;
export const sysNoticeIdParams = z.object({ id: z.coerce.number().int().positive() });
/** GET /system/notice/{id}/readers: who has read an announcement, latest first. */
export const sysNoticeReaderSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  read_at: z.string(),
});
export type SysNoticeReader = z.infer<typeof sysNoticeReaderSchema>;
/** DELETE /system/notice/{ids}: one id or up to 100 separated by commas. */
export const sysNoticeIdsParams = z.object({ ids: z.string().regex(/^\d{1,15}(,\d{1,15}){0,99}$/) });

/** POST /system/user_notice: an operator notifies one customer (user_id) or every customer. */
export const sendUserNoticeBody = z.object({
  user_id: z.number().int().positive().optional(),
  title_zh: z.string().trim().min(1).max(100),
  title_en: z.string().trim().min(1).max(100),
  content_zh: z.string().trim().min(1).max(2000),
  content_en: z.string().trim().min(1).max(2000),
});
export const sendUserNoticeAnswer = z.object({ sent: z.number().int() });
