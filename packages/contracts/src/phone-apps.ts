/**
 * The app centre (issue 20; spec §3 Application, §7 Cloud phone Apps): the operators' catalogue
 * and each customer's own uploads, their versions, and installs/uninstalls that run as tasks.
 */
import { z } from 'zod';
import { resourceIdField } from './desktops';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { MAX_BATCH_PHONES } from './phone-constants';

/** Operators hide a catalogue app from customers without deleting it. */
export const APP_DISPLAY_STATUSES = ['show', 'hide'] as const;
export type AppDisplayStatus = (typeof APP_DISPLAY_STATUSES)[number];
/** The setting (sys_configs) holding the largest APK accepted, in MB, and its default. */
export const APP_MAX_UPLOAD_SETTING = 'phone.app.max_upload_mb';
export const APP_MAX_UPLOAD_MB_DEFAULT = 500;
export const APP_CATEGORY_NAME_MAX = 30;
/** The multipart field that carries the APK. */
export const APK_FIELD = 'file';

const idField = z.coerce.number().int().positive();

export const appCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  app_count: z.number().int(),
});
export type AppCategory = z.infer<typeof appCategorySchema>;

/** One app with its newest version (`version`, `apk_size`, `md5` are that version's). */
export const phoneAppSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  package_name: z.string(),
  icon: z.string().nullable(),
  version: z.string(),
  version_code: z.number().int(),
  version_id: z.number().int(),
  apk_size: z.number().int(),
  md5: z.string(),
  display_status: z.enum(APP_DISPLAY_STATUSES),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  /** True for the caller's own upload (it may delete it); false for the catalogue's. */
  own: z.boolean(),
  version_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PhoneApp = z.infer<typeof phoneAppSchema>;
export const phoneAppPageSchema = pageOf(phoneAppSchema);
export type PhoneAppPage = z.infer<typeof phoneAppPageSchema>;

export const phoneAppVersionSchema = z.object({
  id: z.number().int(),
  app_id: z.number().int(),
  version: z.string(),
  version_code: z.number().int(),
  name: z.string(),
  apk_size: z.number().int(),
  md5: z.string(),
  icon: z.string().nullable(),
  created_at: z.string(),
});
export type PhoneAppVersion = z.infer<typeof phoneAppVersionSchema>;

/** GET /user/ph/ph_app_v2: catalogue apps shown to customers plus the caller's own, newest first. */
export const phoneAppListQuery = pageQuery.extend({
  name: z.string().trim().max(128).optional(),
  category_id: idField.optional(),
  /** 'own' = only the caller's uploads, 'catalogue' = only the operators'. */
  source: z.enum(['own', 'catalogue']).optional(),
});
export type PhoneAppListQuery = z.infer<typeof phoneAppListQuery>;

export const phoneAppVersionQuery = z.object({ app_id: idField });
export const phoneAppIdParams = z.object({ id: idField });

/** What an upload answers: the app (new, or the one the package already had) and the new version. */
export const phoneAppUploadSchema = z.object({ app: phoneAppSchema, version: phoneAppVersionSchema });
export type PhoneAppUpload = z.infer<typeof phoneAppUploadSchema>;

/** The upload limit the page shows before the file is chosen. */
export const phoneAppUploadLimitSchema = z.object({ max_mb: z.number().int() });
export type PhoneAppUploadLimit = z.infer<typeof phoneAppUploadLimitSchema>;

const phoneIds = z
  .array(resourceIdField)
  .min(1, { error: ErrorCode.SELECTION_REQUIRED })
  .max(MAX_BATCH_PHONES);

/** POST /user/ph/ph_app_v2/install_v2: the app's newest version unless `version_id` names one. */
export const phoneAppInstallBody = z.object({
  app_id: idField,
  version_id: idField.optional(),
  phone_ids: phoneIds,
});
export type PhoneAppInstallBody = z.infer<typeof phoneAppInstallBody>;

/** POST /user/ph/ph_app_v2/uninstall_v2: by package name, installed from here or not. */
export const phoneAppUninstallBody = z.object({
  package_name: z
    .string()
    .trim()
    .regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/)
    .max(255),
  phone_ids: phoneIds,
});
export type PhoneAppUninstallBody = z.infer<typeof phoneAppUninstallBody>;

/** One task per phone asked for, in the order asked (the task centre follows them). */
export const phoneAppTasksSchema = z.object({
  tasks: z.array(z.object({ task_id: z.number().int(), phone_id: z.string() })),
});
export type PhoneAppTasks = z.infer<typeof phoneAppTasksSchema>;

/** GET /user/ph/ph_app_v2/installed?phone_id=: the packages on one phone, as the engine keeps them. */
export const phoneInstalledAppsQuery = z.object({ phone_id: resourceIdField });
export const phoneInstalledAppsSchema = z.object({
  phone_id: z.string(),
  packages: z.array(z.string()),
  /** The same packages with the version each install put there (null: installed before versions were kept). */
  apps: z.array(
    z.object({
      package_name: z.string(),
      version: z.string().nullable(),
      version_code: z.number().int().nullable(),
      md5: z.string().nullable(),
    }),
  ),
});
export type PhoneInstalledApps = z.infer<typeof phoneInstalledAppsSchema>;

// Operators (business directory, permission business:app:*).

export const appCategoryBody = z.object({
  name: z.string().trim().min(1).max(APP_CATEGORY_NAME_MAX),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type AppCategoryBody = z.infer<typeof appCategoryBody>;

export const businessAppListQuery = pageQuery.extend({
  name: z.string().trim().max(128).optional(),
  category_id: idField.optional(),
  display_status: z.enum(APP_DISPLAY_STATUSES).optional(),
});
export type BusinessAppListQuery = z.infer<typeof businessAppListQuery>;

/** PUT /business/app/{id}: category (null: none) and visibility. */
export const businessAppUpdateBody = z
  .object({
    category_id: z.number().int().positive().nullable().optional(),
    display_status: z.enum(APP_DISPLAY_STATUSES).optional(),
  })
  .refine((body) => body.category_id !== undefined || body.display_status !== undefined);
export type BusinessAppUpdateBody = z.infer<typeof businessAppUpdateBody>;
