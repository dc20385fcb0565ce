import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

// Seeded rows carry a `key` so reference data is inserted once and operators' edits are kept.
// A function, not a shared object: column builders shared between tables would give every table
// the first table's unique-constraint name, and Postgres index names must be unique.
const editable = () => ({
  key: varchar('key', { length: 60 }).unique(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The home carousel (GET /banner). */
export const banners = pgTable('banners', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  subtitleZh: text('subtitle_zh').notNull().default(''),
  subtitleEn: text('subtitle_en').notNull().default(''),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  ...editable(),
});

/** Featured products on the home page (GET /hot_goods). */
export const hotGoods = pgTable('hot_goods', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionZh: text('description_zh').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  tagZh: text('tag_zh').notNull().default(''),
  tagEn: text('tag_en').notNull().default(''),
  /** Starting price in micro-dollars (shown when the item names no catalogue bundle). */
  priceMicros: bigint('price_micros', { mode: 'bigint' }).notNull(),
  /**
   * A desktop bundle of the catalogue: the item then shows the bundle's lowest monthly price over
   * the regions on sale, so the home page never disagrees with the purchase page.
   */
  bundleId: varchar('bundle_id', { length: 60 }),
  /** A code_table key naming the price unit (e.g. 'unit.month'). */
  priceUnit: varchar('price_unit', { length: 40 }).notNull(),
  image: text('image').notNull().default(''),
  link: text('link').notNull().default(''),
  ...editable(),
});

/** The home pop-up (GET /ad_popup): the newest enabled one inside its window; each version shows once. */
export const adPopups = pgTable(
  'ad_popups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    version: varchar('version', { length: 40 }).notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    contentZh: text('content_zh').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    image: text('image').notNull().default(''),
    link: text('link').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    ...editable(),
  },
  (t) => [index('ad_popups_enabled_starts_idx').on(t.enabled, t.startsAt)],
);

/** Labels of server codes in both languages (GET /code_table). */
export const codeTable = pgTable('code_table', {
  key: varchar('key', { length: 100 }).primaryKey(),
  labelZh: text('label_zh').notNull(),
  labelEn: text('label_en').notNull(),
  sort: integer('sort').notNull().default(0),
});
