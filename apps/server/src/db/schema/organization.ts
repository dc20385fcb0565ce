import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
// identity.ts imports depts from here; both sides only use each other inside lazy references.
import { roles, users } from './identity';

/**
 * Departments (RuoYi `sys_dept`): the operators' organisation tree. `ancestors` holds the ids
 * from the root down to the parent ('0,1,4'), so "this department and below" is one indexed
 * LIKE instead of a recursive query; it is rewritten for the subtree when a department moves.
 */
export const depts = pgTable(
  'depts',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => depts.id),
    ancestors: varchar('ancestors', { length: 500 }).notNull().default('0'),
    name: varchar('name', { length: 30 }).notNull(),
    sort: integer('sort').notNull().default(0),
    leader: varchar('leader', { length: 30 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 254 }),
    status: varchar('status', { length: 10 }).notNull().default('enabled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('depts_parent_id_idx').on(t.parentId),
    uniqueIndex('depts_parent_name_unique').on(sql`coalesce(${t.parentId}, 0)`, t.name),
    check('depts_status_valid', sql`${t.status} in ('enabled', 'disabled')`),
  ],
);

/** Posts (RuoYi `sys_post`): job titles an operator holds, several per account. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('enabled'),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_code_unique').on(t.code),
    uniqueIndex('posts_name_unique').on(t.name),
    check('posts_status_valid', sql`${t.status} in ('enabled', 'disabled')`),
  ],
);

export const userPosts = pgTable(
  'user_posts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('user_posts_post_id_idx').on(t.postId)],
);

/** The departments a role with the custom data scope ('2') may see. */
export const roleDepts = pgTable(
  'role_depts',
  {
    roleId: integer('role_id')
      .notNull()
      .references((): AnyPgColumn => roles.id, { onDelete: 'cascade' }),
    deptId: integer('dept_id')
      .notNull()
      .references(() => depts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] }), index('role_depts_dept_id_idx').on(t.deptId)],
);
