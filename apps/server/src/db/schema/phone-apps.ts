import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestamps } from './columns';
import { users } from './identity';

/**
 * The app centre (issue 20; spec §3 Application). Categories are the operators' and shared by
 * every app; unique by lower(name), so two racing creates of one name cannot both win.
 */
export const phoneAppCategories = pgTable(
  'phone_app_categories',
  {
    id: serialId(),
    name: varchar('name', { length: 30 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('phone_app_categories_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * An app: `user_id` null = the operators' catalogue (customers see it while `display_status` is
 * 'show'), else one customer's private upload. One row per package per owner: uploading the same
 * package again adds a version. `name` and `icon_url` follow the newest version's manifest.
 */
export const phoneApps = pgTable(
  'phone_apps',
  {
    id: serialId(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => phoneAppCategories.id),
    name: varchar('name', { length: 128 }).notNull(),
    packageName: varchar('package_name', { length: 255 }).notNull(),
    iconUrl: text('icon_url'),
    /** 'show' | 'hide' (catalogue apps only; a customer always sees its own). */
    displayStatus: varchar('display_status', { length: 8 }).notNull().default('show'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('phone_apps_catalogue_package_unique')
      .on(t.packageName)
      .where(sql`${t.userId} IS NULL`),
    uniqueIndex('phone_apps_user_package_unique')
      .on(t.userId, t.packageName)
      .where(sql`${t.userId} IS NOT NULL`),
    index('phone_apps_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('phone_apps_category_idx').on(t.categoryId),
  ],
);

/** One uploaded APK of an app: the stored file (an uploads row), what its manifest says, size and MD5. */
export const phoneAppVersions = pgTable(
  'phone_app_versions',
  {
    id: serialId(),
    appId: bigint('app_id', { mode: 'number' })
      .notNull()
      .references(() => phoneApps.id, { onDelete: 'cascade' }),
    versionName: varchar('version_name', { length: 100 }).notNull(),
    versionCode: bigint('version_code', { mode: 'number' }).notNull(),
    label: varchar('label', { length: 128 }).notNull(),
    /** The uploads' stored name (`uploaded_files.file_name`) of the APK. */
    fileName: varchar('file_name', { length: 80 }).notNull(),
    apkSize: bigint('apk_size', { mode: 'number' }).notNull(),
    md5: varchar('md5', { length: 32 }).notNull(),
    iconUrl: text('icon_url'),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('phone_app_versions_app_code_unique').on(t.appId, t.versionCode.desc())],
);
