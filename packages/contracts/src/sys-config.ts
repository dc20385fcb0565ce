/** Operators' settings page (RuoYi /system/config): the sys_configs rows. */
import { z } from 'zod';
import { pageQuery } from './envelope';
import { timeWindow } from './filters';
import { configKeyParams } from './system';

/** A setting as operators see it; `configType` 'Y' marks a built-in one (key fixed, not deletable). */
export const sysConfigSchema = z.object({
  configId: z.number().int(),
  configName: z.string(),
  configKey: z.string(),
  configValue: z.string(),
  configType: z.enum(['Y', 'N']),
  /** Readable without a session through GET /config/{key}. */
  isPublic: z.boolean(),
  remark: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type SysConfig = z.infer<typeof sysConfigSchema>;

export const sysConfigListQuery = pageQuery.extend({
  configName: z.string().trim().max(100).optional(),
  configKey: z.string().trim().max(100).optional(),
  configType: z.enum(['Y', 'N']).optional(),
  ...timeWindow.shape,
});

/** POST /system/config; whether a setting is built in is not the operator's to choose. */
export const sysConfigBody = z.object({
  configName: z.string().trim().min(1).max(100),
  configKey: configKeyParams.shape.key,
  configValue: z.string().max(5000),
  isPublic: z.boolean().default(false),
  remark: z.string().trim().max(500).default(''),
});
export type SysConfigBody = z.input<typeof sysConfigBody>;
/** PUT /system/config carries the setting's id in the body. */
export const sysConfigUpdateBody = sysConfigBody.extend({ configId: z.number().int().positive() });
export const sysConfigIdParams = z.object({ configId: z.coerce.number().int().positive() });
/** DELETE /system/config/{ids}: one id or up to 100 separated by commas. */
export const sysConfigIdsParams = z.object({ ids: z.string().regex(/^\d{1,15}(,\d{1,15}){0,99}$/) });
