import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Notifications to one customer (spec §3 Notice). Text is stored in both languages when the notice
 * is made, so a notice reads the same however often templates change later.
 */
export const userNotices = pgTable(
  'user_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    contentZh: text('content_zh').notNull(),
    contentEn: text('content_en').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The page: newest first per user.
    index('user_notices_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's count, asked every 15 s by every open console.
    index('user_notices_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Announcements by operators (spec §7 GET /user/sys_notice), shown once to each user. */
export const sysNotices = pgTable('sys_notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  contentZh: text('content_zh').notNull(),
  contentEn: text('content_en').notNull(),
  /** '0' published, '1' closed. */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  /** RuoYi's notice type: '1' notice, '2' announcement. */
  noticeType: varchar('notice_type', { length: 1 }).notNull().default('2'),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which user has read which announcement. */
export const sysNoticeReads = pgTable(
  'sys_notice_reads',
  {
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => sysNotices.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.noticeId] }),
    // The operators' readers list and read counts go by notice.
    index('sys_notice_reads_notice_read_idx').on(t.noticeId, t.readAt.desc()),
  ],
);
