/**
 * Roles and menus, the operators' pages /system/role and /system/menu (RuoYi's SysRoleController
 * and SysMenuController, in this project's envelope and page shape).
 */
import { z } from 'zod';
import { pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional, timeWindow } from './filters';
import { DATA_SCOPES, MENU_TYPES, ROLE_KEY_PATTERN, STATUS_FLAGS, parseRouteQuery } from './role-constants';

export const statusFlag = z.enum(STATUS_FLAGS);

export const roleIdParams = z.object({ roleId: z.coerce.number().int().positive() });

export const roleSchema = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  roleKey: z.string(),
  roleSort: z.number().int(),
  status: statusFlag,
  dataScope: z.enum(DATA_SCOPES),
  remark: z.string(),
  /** `admin` (nothing may change) or `ROLE_DEFAULT` (the customers' role: key and status fixed). */
  builtIn: z.boolean(),
  /** Accounts holding the role. */
  userCount: z.number().int(),
  createTime: z.string(),
});
export type Role = z.infer<typeof roleSchema>;
/** GET /system/role/{roleId}: the role with the ids of its menus. */
export const roleDetailSchema = roleSchema.extend({ menuIds: z.array(z.number().int()) });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

export const roleListQuery = pageQuery.extend({
  roleName: optional(z.string().trim().max(50)),
  roleKey: optional(z.string().trim().max(50)),
  status: optional(statusFlag),
  ...timeWindow.shape,
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

export const roleBody = z.object({
  roleName: z.string().trim().min(1).max(50),
  roleKey: z.string().trim().regex(ROLE_KEY_PATTERN),
  roleSort: z.number().int().min(0).max(9999).default(0),
  status: statusFlag.default('0'),
  remark: z.string().trim().max(500).default(''),
  menuIds: z.array(z.number().int().positive()).max(2000).default([]),
});
export type RoleBody = z.input<typeof roleBody>;
/** A role as the server takes it (defaults applied) and the page's form sends it. */
export type RoleInput = z.output<typeof roleBody>;
export const roleUpdateBody = roleBody.extend({ roleId: z.number().int().positive() });
export const roleStatusBody = z.object({ roleId: z.number().int().positive(), status: statusFlag });
export const roleDataScopeBody = z.object({
  roleId: z.number().int().positive(),
  dataScope: z.enum(DATA_SCOPES),
  /** Only kept with the custom scope ('2'). */
  deptIds: z.array(z.number().int().positive()).max(2000).default([]),
});

/** A node of the checkable trees (menus, departments): RuoYi's TreeSelect. */
export interface TreeOption {
  id: number;
  label: string;
  /** A seeded menu's i18n title key (the web translates it); absent for typed names. */
  labelKey?: string;
  disabled?: boolean;
  children?: TreeOption[];
}
export const treeOptionSchema: z.ZodType<TreeOption> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    label: z.string(),
    labelKey: z.string().optional(),
    disabled: z.boolean().optional(),
    children: z.array(treeOptionSchema).optional(),
  }),
);
/** GET /system/menu/roleMenuTreeselect/{roleId}, GET /system/role/deptTree/{roleId}. */
export const checkedTreeSchema = z.object({
  tree: z.array(treeOptionSchema),
  checkedKeys: z.array(z.number().int()),
});
export type CheckedTree = z.infer<typeof checkedTreeSchema>;

// Role users (/system/role-auth/user/{roleId})

export const roleUserSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  status: statusFlag,
  createTime: z.string(),
});
export type RoleUser = z.infer<typeof roleUserSchema>;
export const roleUserListQuery = pageQuery.extend({
  roleId: z.coerce.number().int().positive(),
  /** Part of the e-mail or nickname. */
  keyword: optional(z.string().trim().max(100)),
});
export const roleUserBody = z.object({
  roleId: z.number().int().positive(),
  userIds: z.array(z.number().int().positive()).min(1).max(500),
});
/** PUT /system/role/authUser/cancel: one account. */
export const roleUserCancelBody = z.object({
  roleId: z.number().int().positive(),
  userId: z.number().int().positive(),
});
export const changedAnswer = z.object({ changed: z.number().int() });

// Menus

export const menuSchema = z.object({
  menuId: z.number().int(),
  parentId: z.number().int(),
  /** The typed name, or '' for a seeded menu (see `titleKey`). */
  menuName: z.string(),
  /** A seeded menu's i18n key (e.g. 'route.systemUser'); '' for an operator's menu. */
  titleKey: z.string(),
  menuType: z.enum(MENU_TYPES),
  path: z.string(),
  component: z.string(),
  perms: z.string(),
  icon: z.string(),
  orderNum: z.number().int(),
  /** '0' shown in the menu, '1' hidden (RuoYi `visible`). */
  visible: statusFlag,
  status: statusFlag,
  /** '0' cached, '1' not (RuoYi `is_cache`). */
  isCache: statusFlag,
  /** External or inner link address. */
  link: z.string(),
  /** A page's route parameters as JSON text (RuoYi `query`), '' for none. */
  query: z.string(),
  /** Seeded reference data: may be edited, disabled or hidden, not deleted. */
  builtIn: z.boolean(),
  createTime: z.string(),
});
export type Menu = z.infer<typeof menuSchema>;
export const menuListQuery = z.object({
  menuName: optional(z.string().trim().max(50)),
  status: optional(statusFlag),
});
export const menuIdParams = z.object({ menuId: z.coerce.number().int().positive() });

const optionalText = (max: number) => z.string().trim().max(max).default('');

export const menuBody = z.object({
  /** 0 for a top-level entry. */
  parentId: z.number().int().min(0).default(0),
  /** Required for a new menu; '' keeps a seeded menu's translated title. */
  menuName: optionalText(50),
  menuType: z.enum(MENU_TYPES),
  path: optionalText(200),
  component: optionalText(200),
  perms: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9_-]+(:[A-Za-z0-9_*-]+)*)?$/)
    .max(100)
    .default(''),
  icon: optionalText(50),
  orderNum: z.number().int().min(0).max(9999).default(0),
  visible: statusFlag.default('0'),
  status: statusFlag.default('0'),
  isCache: statusFlag.default('0'),
  link: optionalText(255),
  /** A page's route parameters as JSON text; '' for none. */
  query: optionalText(255).refine((text) => parseRouteQuery(text) !== undefined, {
    error: ErrorCode.MENU_QUERY_INVALID,
  }),
});
export type MenuBody = z.input<typeof menuBody>;
/** A menu as the server takes it (defaults applied) and the page's form sends it. */
export type MenuInput = z.output<typeof menuBody>;
export const menuUpdateBody = menuBody.extend({ menuId: z.number().int().positive() });
