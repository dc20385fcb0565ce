/** Dictionaries (spec §3 Dictionary entry, §7 Dictionary): labelled values with a tag style. */
import { z } from 'zod';
import { DICT_LIST_CLASSES, DICT_TYPE_KEY } from './dict-constants';
import { pageQuery } from './envelope';
import { timeWindow } from './filters';

/** GET /system/dict/data/type/{type}: the entries of one type, labels in the caller's language. */
export const dictTypeParams = z.object({ type: z.string().regex(/^[a-z0-9_]{1,100}$/) });
export const dictEntrySchema = z.object({
  dictType: z.string(),
  dictLabel: z.string(),
  dictValue: z.string(),
  listClass: z.string(),
  cssClass: z.string(),
  dictSort: z.number().int(),
});
export type DictEntry = z.infer<typeof dictEntrySchema>;

/** Operators' view of an entry (GET /system/dict/data/list and /{id}). */
export const dictDataSchema = z.object({
  dictCode: z.number().int(),
  dictType: z.string(),
  dictSort: z.number().int(),
  dictLabel: z.string(),
  dictLabelEn: z.string(),
  dictValue: z.string(),
  listClass: z.string(),
  cssClass: z.string(),
  isDefault: z.enum(['Y', 'N']),
  status: z.enum(['0', '1']),
  remark: z.string(),
  createTime: z.string(),
});
export type DictData = z.infer<typeof dictDataSchema>;
export const dictDataListQuery = pageQuery.extend({
  dictType: z.string().trim().max(100).optional(),
  dictLabel: z.string().trim().max(100).optional(),
  status: z.enum(['0', '1']).optional(),
});
export const dictDataBody = z.object({
  dictType: z.string().regex(/^[a-z0-9_]{1,100}$/),
  dictSort: z.number().int().min(0).max(9999).default(0),
  dictLabel: z.string().trim().min(1).max(100),
  dictLabelEn: z.string().trim().min(1).max(100),
  dictValue: z.string().trim().min(1).max(100),
  listClass: z.enum(DICT_LIST_CLASSES).default('default'),
  cssClass: z.string().trim().max(100).default(''),
  isDefault: z.enum(['Y', 'N']).default('N'),
  status: z.enum(['0', '1']).default('0'),
  remark: z.string().trim().max(500).default(''),
});
export type DictDataBody = z.input<typeof dictDataBody>;
/** PUT /system/dict/data carries the entry's id in the body. */
export const dictDataUpdateBody = dictDataBody.extend({ dictCode: z.number().int().positive() });
/** DELETE /system/dict/data/{ids}: one id or several separated by commas. */
export const dictDataIdsParams = z.object({ id: z.string().regex(/^\d+(,\d+)*$/) });
export const dictDataIdParams = z.object({ id: z.coerce.number().int().positive() });
export const deletedAnswer = z.object({ deleted: z.number().int() });

/** GET /system/dict/type/list: the dictionary types, for the operators' page. */
export const dictTypeSchema = z.object({
  dictId: z.number().int(),
  dictType: z.string(),
  dictName: z.string(),
  dictNameEn: z.string(),
  status: z.enum(['0', '1']),
  remark: z.string(),
  createTime: z.string(),
});
export type DictType = z.infer<typeof dictTypeSchema>;
export const dictTypeListQuery = pageQuery.extend({
  /** Matches the type key or either name. */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(['0', '1']).optional(),
});

/** GET /system/dict/type/list filters, RuoYi's names (name matches either language). */
export const dictTypeFilterQuery = dictTypeListQuery.extend({
  dictName: z.string().trim().max(100).optional(),
  dictType: z.string().trim().max(100).optional(),
  /** Creation days or instants (the project's time window; RuoYi's beginTime/endTime). */
  ...timeWindow.shape,
});
/** The operators' view of a type, with whether the code relies on it (then its key is fixed). */
export const dictTypeAdminSchema = dictTypeSchema.extend({ builtin: z.boolean() });
export type DictTypeAdmin = z.infer<typeof dictTypeAdminSchema>;
/** An entry with whether the code relies on its value (then not deletable, value fixed). */
export const dictDataAdminSchema = dictDataSchema.extend({ builtin: z.boolean() });
export type DictDataAdmin = z.infer<typeof dictDataAdminSchema>;

/** POST /system/dict/type */
export const dictTypeBody = z.object({
  dictName: z.string().trim().min(1).max(100),
  dictNameEn: z.string().trim().min(1).max(100),
  dictType: z.string().trim().regex(DICT_TYPE_KEY),
  status: z.enum(['0', '1']).default('0'),
  remark: z.string().trim().max(500).default(''),
});
export type DictTypeBody = z.input<typeof dictTypeBody>;
/** PUT /system/dict/type carries the type's id in the body. */
export const dictTypeUpdateBody = dictTypeBody.extend({ dictId: z.number().int().positive() });
/** GET /system/dict/type/{dictId} (digits only, so `list` and `optionselect` never match it). */
export const dictTypeIdParams = z.object({ dictId: z.coerce.number().int().positive() });
/** GET /system/dict/type/optionselect: every type, for pickers. */
export const dictTypeOptionSchema = z.object({
  dictId: z.number().int(),
  dictType: z.string(),
  dictName: z.string(),
  dictNameEn: z.string(),
});
