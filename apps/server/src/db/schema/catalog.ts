import {
  bigserial,
  boolean,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Regions where desktops ('desktop') and phones ('phone') are sold (GET /describe_regions, /ph/regions). */
export const regions = pgTable(
  'regions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 10 }).notNull(),
    /** The upstream cloud's region id. */
    wyRegionId: varchar('wy_region_id', { length: 60 }).notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('regions_kind_wy_region_unique').on(t.kind, t.wyRegionId)],
);
