import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { depts } from './organization';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Accounts: main accounts, their sub-accounts ("son" accounts) and operators. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stored lower-cased, so the unique index makes e-mails unique case-insensitively. */
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: varchar('nickname', { length: 30 }).notNull(),
    avatar: text('avatar').notNull().default(''),
    status: varchar('status', { length: 10 }).notNull().default('enabled'),
    /** The main account of a sub-account; null for main accounts. */
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    isSon: boolean('is_son').notNull().default(false),
    /** 1 opens the cloud phone menu (spec §2). */
    phWhiteUser: smallint('ph_white_user').notNull().default(0),
    inviteCode: varchar('invite_code', { length: 16 }).notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }).references((): AnyPgColumn => users.id),
    /** The language of the account's mails: the one it last signed up or logged in with. */
    language: varchar('language', { length: 5 }).notNull().default('zh-CN'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    /** The operator's department (RuoYi `dept_id`); data scopes filter on it. */
    deptId: integer('dept_id').references((): AnyPgColumn => depts.id, { onDelete: 'set null' }),
    remark: varchar('remark', { length: 500 }),
    /** A customer's sub-account limit; null follows the setting `sub_account.max_default`. */
    maxSubAccounts: integer('max_sub_accounts'),
    /** A sub-account's monthly renewal cap, set by its main account (0: may not renew; issue 21). */
    spendCapMicros: bigint('spend_cap_micros', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The operator who looks after this customer (data scope '5' on the customer pages). */
    ownerOperatorId: bigint('owner_operator_id', { mode: 'number' }).references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_owner_operator_idx').on(t.ownerOperatorId),
    // The operators' customer list, newest first; also the dashboard's new customers of a range.
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('users_max_sub_accounts_valid', sql`${t.maxSubAccounts} is null or ${t.maxSubAccounts} >= 0`),
    uniqueIndex('users_invite_code_unique').on(t.inviteCode),
    index('users_parent_id_idx').on(t.parentId),
    // A sub-account signs in with its main account's e-mail and its nickname: unique under the main.
    uniqueIndex('users_parent_nickname_unique')
      .on(t.parentId, sql`lower(${t.nickname})`)
      .where(sql`${t.parentId} is not null`),
    index('users_dept_id_idx').on(t.deptId),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_status_valid', sql`${t.status} in ('enabled', 'disabled')`),
    check('users_son_has_parent', sql`${t.isSon} = (${t.parentId} is not null)`),
  ],
);

/** Roles: `ROLE_DEFAULT` for customers, `admin` for operators, more from the admin pages. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 50 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('enabled'),
    /**
     * Which rows of the user and customer lists the role sees (RuoYi's data scope): '1' all,
     * '2' the departments in `role_depts`, '3' its own department, '4' its department and below,
     * '5' only the operator's own row. With several roles the widest wins.
     */
    dataScope: varchar('data_scope', { length: 1 }).notNull().default('1'),
    remark: varchar('remark', { length: 500 }),
    ...timestamps,
  },
  (t) => [check('roles_data_scope_valid', sql`${t.dataScope} in ('1', '2', '3', '4', '5')`)],
);

/**
 * Menus: directories (M), pages (C) and buttons (F). Pages carry the web's component key and a
 * route title key; buttons carry permission strings such as `system:user:edit`.
 */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => menus.id),
    /** Stable identifier for reference data (seeded menus are matched by it). */
    key: varchar('key', { length: 100 }).notNull().unique(),
    menuType: varchar('menu_type', { length: 1 }).notNull(),
    path: varchar('path', { length: 200 }).notNull().default(''),
    component: varchar('component', { length: 200 }),
    titleKey: varchar('title_key', { length: 100 }).notNull(),
    /**
     * The title an operator typed for a menu they created (shown as typed in both languages);
     * null for seeded menus, whose `titleKey` is translated by the web.
     */
    name: varchar('name', { length: 50 }),
    icon: varchar('icon', { length: 50 }),
    perms: varchar('perms', { length: 100 }),
    hidden: boolean('hidden').notNull().default(false),
    noCache: boolean('no_cache').notNull().default(false),
    link: varchar('link', { length: 255 }),
    /** A page's route parameters as JSON text (RuoYi sys_menu.query), e.g. '{"tab":"roles"}'. */
    query: varchar('query', { length: 255 }),
    sort: integer('sort').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('enabled'),
    ...timestamps,
  },
  (t) => [
    index('menus_parent_id_idx').on(t.parentId),
    check('menus_type_valid', sql`${t.menuType} in ('M', 'C', 'F')`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_id_idx').on(t.roleId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_id_idx').on(t.menuId)],
);

/** Login sessions: the token is only stored as its SHA-256, so a database leak gives no sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    device: varchar('device', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Set on a read-only support session (issue 18): the operator who opened the customer's console.
     * Such a session refuses writes, is audited and keeps its short expiry (never extended).
     */
    supportOperatorId: bigint('support_operator_id', { mode: 'number' }).references(
      (): AnyPgColumn => users.id,
      { onDelete: 'cascade' },
    ),
    supportReason: varchar('support_reason', { length: 500 }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

/** Image captchas: the answer hashed, single use, 2 minutes. */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey(),
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captchas_expires_at_idx').on(t.expiresAt)],
);

/** E-mailed verification codes: hashed, 10 minutes, single use, killed after 5 wrong tries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('email_codes_lookup_idx').on(t.email, t.purpose, t.id),
    check(
      'email_codes_purpose_valid',
      sql`${t.purpose} in ('signup', 'reset_password', 'change_password', 'login')`,
    ),
  ],
);

/**
 * Failed logins, counted by the submitted e-mail whether or not an account has it (so an unknown
 * address behaves like a known one): one row per e-mail and client address (`ip`), whose penalty
 * is a lock of that pair, and one per e-mail across addresses (`ip` = ''), whose penalty is
 * step-up sign-in. A window starts at its first failure; all times come from the app's clock.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: varchar('email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    failures: integer('failures').notNull(),
    penaltyUntil: timestamp('penalty_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] })],
);
