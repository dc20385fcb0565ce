import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns';

/** Dictionary types (spec §3 Dictionary entry: "a dictionary type key"). */
export const dictTypes = pgTable('sys_dict_types', {
  id: serialId(),
  dictType: varchar('dict_type', { length: 100 }).notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  remark: text('remark').notNull().default(''),
  createdAt: createdAt(),
});

/** Dictionary entries: a value with its label in both languages and its tag style. */
export const dictData = pgTable(
  'sys_dict_data',
  {
    id: serialId(),
    dictType: varchar('dict_type', { length: 100 })
      .notNull()
      .references(() => dictTypes.dictType, { onUpdate: 'cascade', onDelete: 'cascade' }),
    dictSort: integer('dict_sort').notNull().default(0),
    labelZh: text('label_zh').notNull(),
    labelEn: text('label_en').notNull(),
    dictValue: varchar('dict_value', { length: 100 }).notNull(),
    listClass: varchar('list_class', { length: 20 }).notNull().default('default'),
    cssClass: varchar('css_class', { length: 100 }).notNull().default(''),
    isDefault: varchar('is_default', { length: 1 }).notNull().default('N'),
    /** '0' in use, '1' disabled (left out of GET …/type/{type}). */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_dict_data_type_value_unique').on(t.dictType, t.dictValue),
    index('sys_dict_data_type_sort_idx').on(t.dictType, t.dictSort),
  ],
);
