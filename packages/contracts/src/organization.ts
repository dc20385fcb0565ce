/**
 * The operators' organisation pages (issue 17 part B): departments (`/system/dept`), posts
 * (`/system/post`) and accounts (`/system/user`), in RuoYi's names. Status is RuoYi's
 * `sys_normal_disable` flag: '0' enabled, '1' disabled.
 */
import { z } from 'zod';
import { pageQuery } from './envelope';
import { exportOptions, optional, timeWindow } from './filters';
import { emailField, nicknameField, passwordField } from './identity';
import { NORMAL_DISABLE } from './statuses';

const status = z.enum(NORMAL_DISABLE);
const text = (max: number) => z.string().trim().max(max);
const sort = z.number().int().min(0).max(9999).default(0);
/** The id of a path segment (digits only). */
export const numericIdParams = z.object({ id: z.coerce.number().int().positive() });
/** DELETE …/{ids}: one id or several separated by commas. */
export const idListParams = z.object({ ids: z.string().regex(/^\d+(,\d+){0,99}$/) });

// Departments

export const deptSchema = z.object({
  deptId: z.number().int(),
  /** 0 for the root. */
  parentId: z.number().int(),
  ancestors: z.string(),
  deptName: z.string(),
  orderNum: z.number().int(),
  leader: z.string(),
  phone: z.string(),
  email: z.string(),
  status,
  createTime: z.string(),
});
export type Dept = z.infer<typeof deptSchema>;
export const deptListQuery = z.object({
  deptName: optional(text(30)),
  status: optional(status),
});
export const deptBody = z.object({
  /** 0 makes a root department. */
  parentId: z.number().int().min(0),
  deptName: z.string().trim().min(1).max(30),
  orderNum: sort,
  leader: text(30).default(''),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{0,20}$/)
    .default(''),
  email: z.union([z.literal(''), emailField]).default(''),
  status: status.default('0'),
});
export type DeptBody = z.input<typeof deptBody>;
export const deptUpdateBody = deptBody.extend({ deptId: z.number().int().positive() });

/** GET /system/user/deptTree: the enabled departments as a tree (the user page's left pane). */
export interface DeptTreeNode {
  id: number;
  label: string;
  children?: DeptTreeNode[];
}
export const deptTreeNodeSchema: z.ZodType<DeptTreeNode> = z.lazy(() =>
  z.object({ id: z.number().int(), label: z.string(), children: z.array(deptTreeNodeSchema).optional() }),
);

// Posts

export const postSchema = z.object({
  postId: z.number().int(),
  postCode: z.string(),
  postName: z.string(),
  postSort: z.number().int(),
  status,
  remark: z.string(),
  createTime: z.string(),
});
export type Post = z.infer<typeof postSchema>;
export const postListQuery = pageQuery.extend({
  postCode: optional(text(64)),
  postName: optional(text(50)),
  status: optional(status),
});
export const postBody = z.object({
  postCode: z.string().trim().min(1).max(64),
  postName: z.string().trim().min(1).max(50),
  postSort: sort,
  status: status.default('0'),
  remark: text(500).default(''),
});
export type PostBody = z.input<typeof postBody>;
export const postUpdateBody = postBody.extend({ postId: z.number().int().positive() });
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
const exportFields = {
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  ...exportOptions.shape,
};
export const postExportBody = z.object({
  postCode: optional(text(64)),
  postName: optional(text(50)),
  status: optional(status),
  ...exportFields,
});

// Accounts

export const roleOptionSchema = z.object({
  roleId: z.number().int(),
  roleKey: z.string(),
  roleName: z.string(),
  status,
});
export type RoleOption = z.infer<typeof roleOptionSchema>;
export const postOptionSchema = z.object({ postId: z.number().int(), postName: z.string(), status });

export const sysUserSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  roles: z.array(roleOptionSchema),
  status,
  remark: z.string(),
  /** The account holds the customer role (a sign-up), not only operator roles. */
  customer: z.boolean(),
  loginDate: z.string().nullable(),
  createTime: z.string(),
});
export type SysUser = z.infer<typeof sysUserSchema>;

const userFilters = {
  email: optional(text(254)),
  nickname: optional(text(30)),
  status: optional(status),
  /** This department and every one below it. */
  deptId: optional(z.coerce.number().int().positive()),
  ...timeWindow.shape,
};
export const sysUserListQuery = pageQuery.extend(userFilters);
export type SysUserListQuery = z.infer<typeof sysUserListQuery>;
export const sysUserExportBody = z.object({ ...userFilters, ...exportFields });

/** What the add and edit forms choose from (GET /system/user/ and /system/user/{id}). */
export const userFormOptionsSchema = z.object({
  roles: z.array(roleOptionSchema),
  posts: z.array(postOptionSchema),
});
export const sysUserDetailSchema = userFormOptionsSchema.extend({
  user: sysUserSchema,
  postIds: z.array(z.number().int()),
  roleIds: z.array(z.number().int()),
});
export type SysUserDetail = z.infer<typeof sysUserDetailSchema>;

const userFields = {
  nickname: nicknameField,
  deptId: z.number().int().positive().nullable(),
  postIds: z.array(z.number().int().positive()).max(20).default([]),
  roleIds: z.array(z.number().int().positive()).max(20).default([]),
  status: status.default('0'),
  remark: text(500).default(''),
};
export const sysUserCreateBody = z.object({ email: emailField, password: passwordField, ...userFields });
export type SysUserCreateBody = z.input<typeof sysUserCreateBody>;
export const sysUserUpdateBody = z.object({
  userId: z.number().int().positive(),
  email: emailField,
  ...userFields,
});
export type SysUserUpdateBody = z.input<typeof sysUserUpdateBody>;
export const resetPwdBody = z.object({ userId: z.number().int().positive(), password: passwordField });
export const changeStatusBody = z.object({ userId: z.number().int().positive(), status });
export const authRoleSchema = z.object({
  user: sysUserSchema,
  roles: z.array(roleOptionSchema.extend({ flag: z.boolean() })),
});
export const authRoleBody = z.object({
  userId: z.number().int().positive(),
  roleIds: z.array(z.number().int().positive()).max(20),
});

/** POST /system/user/importData: the `fileName` POST /common/upload answered (an .xlsx). */
export const userImportQuery = z.object({
  updateSupport: z.enum(['true', 'false']).default('false'),
});
export const userImportBody = z.object({ file: z.string().trim().min(1).max(300) });
/** Rows of one import file at most. */
export const USER_IMPORT_MAX_ROWS = 1000;
/** The template's columns, in order (titles in the caller's language). */
export const USER_IMPORT_COLUMNS = ['email', 'nickname', 'deptId', 'password', 'status', 'remark'] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
export const userImportErrorSchema = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export const userImportAnswer = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Non-empty means nothing was imported: a file is imported whole or not at all. */
  errors: z.array(userImportErrorSchema),
});
export type UserImportAnswer = z.infer<typeof userImportAnswer>;
