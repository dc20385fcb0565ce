import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The operation log (RuoYi `sys_oper_log`): one row per POST/PUT/PATCH/DELETE through /api, by
 * anyone, written after the answer is sent (`monitor/operlog/recorder.ts`). No foreign key to
 * users: a log outlives the account it names, so the e-mail is copied in.
 */
export const operLogs = pgTable(
  'oper_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The route's module (its OpenAPI tag) or its `config.log` title. */
    module: varchar('module', { length: 50 }).notNull(),
    /** RuoYi's business type: insert, update, delete or other. */
    businessType: varchar('business_type', { length: 10 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    /** The route pattern (`/api/user/desktop/:desktop_id`) and the URL called. */
    route: varchar('route', { length: 255 }).notNull(),
    url: varchar('url', { length: 2000 }).notNull(),
    userId: integer('user_id'),
    email: varchar('email', { length: 254 }),
    ip: varchar('ip', { length: 64 }).notNull(),
    /** Params, query and body as JSON, secrets masked, cut at 2000 characters. */
    params: text('params'),
    /** The JSON answer, secrets masked, cut at 2000 characters (null for files). */
    result: text('result'),
    httpStatus: integer('http_status').notNull(),
    /** The envelope's `code` (the HTTP status when the answer is not an envelope). */
    resultCode: integer('result_code').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    errorMsg: text('error_msg'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list is newest first; each filter narrows it (the id breaks ties of one instant).
    index('oper_logs_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('oper_logs_module_idx').on(t.module.op('varchar_pattern_ops'), t.createdAt.desc()),
    index('oper_logs_email_idx').on(t.email.op('varchar_pattern_ops'), t.createdAt.desc()),
    index('oper_logs_business_type_idx').on(t.businessType, t.createdAt.desc()),
    index('oper_logs_status_idx').on(t.status, t.createdAt.desc()),
    check(
      'oper_logs_business_type_valid',
      sql`${t.businessType} in ('insert', 'update', 'delete', 'grant', 'export', 'import', 'force', 'clean', 'other')`,
    ),
    check('oper_logs_status_valid', sql`${t.status} in ('success', 'failure')`),
  ],
);

/** The login log (RuoYi `sys_logininfor`): every login attempt, written by the login route. */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The e-mail as submitted (normalised), whether or not an account has it. */
    email: varchar('email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    browser: varchar('browser', { length: 50 }),
    os: varchar('os', { length: 50 }),
    status: varchar('status', { length: 10 }).notNull(),
    /** The refusal's error code (LOGIN_FAILED, LOGIN_LOCKED, CAPTCHA_INVALID…); null on success. */
    reason: varchar('reason', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_logs_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('login_logs_email_idx').on(t.email.op('varchar_pattern_ops'), t.createdAt.desc()),
    index('login_logs_ip_idx').on(t.ip.op('varchar_pattern_ops'), t.createdAt.desc()),
    index('login_logs_status_idx').on(t.status, t.createdAt.desc()),
    check('login_logs_status_valid', sql`${t.status} in ('success', 'failure')`),
  ],
);
