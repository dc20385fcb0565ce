import { bigserial, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every mail the product sends. Written in the transaction that decides to send it; the `mail.send`
 * job delivers it (SMTP when configured, else it stays here and is logged) and stamps `sent_at`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    purpose: varchar('purpose', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    transport: varchar('transport', { length: 10 }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_to_address_idx').on(t.toAddress, t.id)],
);
