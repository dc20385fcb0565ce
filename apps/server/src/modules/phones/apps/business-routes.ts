import {
  appCategoryBody,
  appCategorySchema,
  businessAppListQuery,
  businessAppUpdateBody,
  envelope,
  phoneAppIdParams,
  phoneAppPageSchema,
  phoneAppSchema,
  phoneAppUploadLimitSchema,
  phoneAppUploadSchema,
  phoneAppVersionSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { operatorRoute } from '../../../http/operator-route';
import { ok } from '../../../lib/reply';
import { userIdOf } from '../../identity/auth-hook';
import { apkPartOf, registerApkMultipart } from './apk-part';
import { listVersions } from './repo';
import {
  appCategories,
  appInScope,
  appVersions,
  CATALOGUE,
  categoryOrThrow,
  createCategory,
  deleteCatalogueApp,
  deleteCatalogueVersion,
  editCategory,
  listCatalogueApps,
  removeCategory,
  toPhoneApp,
  toPhoneAppVersion,
  updateCatalogueApp,
} from './service';
import { apkUploadLimitMb, uploadApk } from './upload';

const TAG = 'business-app';
const LIST = 'business:app:list';
const ADD = 'business:app:add';
const EDIT = 'business:app:edit';
const REMOVE = 'business:app:remove';

const idField = z.coerce.number().int().positive();
const uploadQuery = z.object({
  /** A new version of this catalogue app (its package name must match). */
  app_id: idField.optional(),
  /** The category of a new app. */
  category_id: idField.optional(),
});
const versionParams = z.object({ id: idField, versionId: idField });
const categoryParams = z.object({ id: idField });

/**
 * The operators' app catalogue (issue 20, 业务管理 › 应用管理): APK uploads read like the
 * customers', categories, show/hide and versions. Every write lands in the operation log
 * (module `business.app`).
 */
export const businessAppRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, pool } = deps.database;
  const uploadDeps = { db, pool, config: deps.config };
  await registerApkMultipart(app);

  app.get(
    '/business/app/list',
    operatorRoute(TAG, LIST, {
      summary: 'The catalogue apps (shown and hidden), newest first, with their newest version',
      querystring: businessAppListQuery,
      response: { 200: envelope(phoneAppPageSchema) },
    }),
    async (request) => ok(await listCatalogueApps(db, request.query)),
  );

  app.get(
    '/business/app/upload_limit',
    operatorRoute(TAG, LIST, {
      summary: 'The largest APK an upload accepts, in MB',
      response: { 200: envelope(phoneAppUploadLimitSchema) },
    }),
    async () => ok({ max_mb: await apkUploadLimitMb(db) }),
  );

  app.post(
    '/business/app',
    operatorRoute(TAG, ADD, {
      summary:
        'Uploads an APK (multipart field `file`) to the catalogue: a new app, or a version of `app_id`',
      description:
        '413 APK_TOO_LARGE past the size setting, 415 APK_INVALID for a file that is not an APK, ' +
        '422 APK_PACKAGE_MISMATCH when `app_id` has another package, 409 APP_VERSION_EXISTS.',
      consumes: ['multipart/form-data'],
      querystring: uploadQuery,
      response: { 200: envelope(phoneAppUploadSchema) },
    }),
    async (request) => {
      const { app_id: appId, category_id: categoryId } = request.query;
      if (appId !== undefined) await appInScope(db, CATALOGUE, appId);
      if (categoryId !== undefined) await categoryOrThrow(db, categoryId);
      const { incoming, limitMb } = await apkPartOf(db, request);
      const uploaded = await uploadApk(
        uploadDeps,
        { ownerId: null, uploaderId: userIdOf(request), appId, categoryId },
        incoming,
        limitMb,
      );
      const versions = await listVersions(db, uploaded.app.id);
      return ok({
        app: toPhoneApp(await appInScope(db, CATALOGUE, uploaded.app.id), null),
        version: toPhoneAppVersion(versions.find((v) => v.id === uploaded.versionId)!),
      });
    },
  );

  app.put(
    '/business/app/:id',
    operatorRoute(TAG, EDIT, {
      summary: "Sets a catalogue app's category (null: none) and visibility (show/hide)",
      params: phoneAppIdParams,
      body: businessAppUpdateBody,
      response: { 200: envelope(phoneAppSchema) },
    }),
    async (request) => ok(await updateCatalogueApp(db, request.params.id, request.body)),
  );

  app.delete(
    '/business/app/:id',
    operatorRoute(TAG, REMOVE, {
      summary: 'Deletes a catalogue app with its versions and stored APKs',
      params: phoneAppIdParams,
      response: { 200: envelope(z.null()) },
    }),
    async (request) => {
      await deleteCatalogueApp(uploadDeps, request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/business/app/:id/versions',
    operatorRoute(TAG, LIST, {
      summary: 'The versions of a catalogue app, newest first',
      params: phoneAppIdParams,
      response: { 200: envelope(z.array(phoneAppVersionSchema)) },
    }),
    async (request) => ok(await appVersions(db, CATALOGUE, request.params.id)),
  );

  app.delete(
    '/business/app/:id/versions/:versionId',
    operatorRoute(TAG, REMOVE, {
      summary: 'Deletes one version (the last one deletes the app)',
      params: versionParams,
      response: { 200: envelope(z.null()) },
    }),
    async (request) => {
      await deleteCatalogueVersion(uploadDeps, request.params.id, request.params.versionId);
      return ok(null);
    },
  );

  app.get(
    '/business/app/category',
    operatorRoute(TAG, LIST, {
      summary: 'App categories, in their order, with their app counts',
      response: { 200: envelope(z.array(appCategorySchema)) },
    }),
    async () => ok(await appCategories(db)),
  );

  app.post(
    '/business/app/category',
    operatorRoute(
      TAG,
      ADD,
      {
        summary: 'Creates an app category (name unique, case-insensitive: 409 APP_CATEGORY_NAME_TAKEN)',
        body: appCategoryBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      { idempotent: true },
    ),
    async (request) => ok({ id: (await createCategory(db, request.body)).id }),
  );

  app.put(
    '/business/app/category/:id',
    operatorRoute(TAG, EDIT, {
      summary: 'Renames or reorders an app category',
      params: categoryParams,
      body: appCategoryBody,
      response: { 200: envelope(z.null()) },
    }),
    async (request) => {
      await editCategory(db, request.params.id, request.body);
      return ok(null);
    },
  );

  app.delete(
    '/business/app/category/:id',
    operatorRoute(TAG, REMOVE, {
      summary: 'Deletes an empty app category (409 APP_CATEGORY_IN_USE while apps are in it)',
      params: categoryParams,
      response: { 200: envelope(z.null()) },
    }),
    async (request) => {
      await removeCategory(uploadDeps, request.params.id);
      return ok(null);
    },
  );
};
