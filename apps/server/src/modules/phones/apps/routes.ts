import {
  appCategorySchema,
  envelope,
  phoneAppIdParams,
  phoneAppInstallBody,
  phoneAppTasksSchema,
  phoneAppUninstallBody,
  phoneInstalledAppsQuery,
  phoneInstalledAppsSchema,
  phoneAppListQuery,
  phoneAppPageSchema,
  phoneAppUploadLimitSchema,
  phoneAppUploadSchema,
  phoneAppVersionQuery,
  phoneAppVersionSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import { userIdOf } from '../../identity/auth-hook';
import { installApp, installedApps, uninstallApp } from './tasks';
import { apkPartOf, registerApkMultipart } from './apk-part';
import {
  appCategories,
  appVersions,
  customerApp,
  deleteOwnApp,
  listCustomerApps,
  toPhoneApp,
  toPhoneAppVersion,
} from './service';
import { apkUploadLimitMb, uploadApk } from './upload';
import { listVersions } from './repo';

const tags = ['phone-apps'];
const security = [{ bearer: [] }];

/**
 * The customer's app centre (issue 20, spec §7 Apps), registered inside the phone plugin so its
 * flag hook covers every route. A customer sees the catalogue's shown apps and its own uploads;
 * another customer's app answers 404 APP_NOT_FOUND.
 */
export const phoneAppRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, pool } = deps.database;
  const uploadDeps = { db, pool, config: deps.config };
  await registerApkMultipart(app);

  app.get(
    '/user/ph/ph_app_v2',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "Apps: the catalogue's shown apps and the caller's own uploads, newest first",
        description:
          '`name` matches part of the name or package name; `source` own|catalogue narrows. ' +
          '`version`, `apk_size` and `md5` are the newest version’s.',
        security,
        querystring: phoneAppListQuery,
        response: { 200: envelope(phoneAppPageSchema) },
      },
    },
    async (request) => ok(await listCustomerApps(db, userIdOf(request), request.query)),
  );

  app.get(
    '/user/ph/ph_app_v2/ph_app_category',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'App categories, in their order, with how many apps each holds',
        security,
        response: { 200: envelope(z.array(appCategorySchema)) },
      },
    },
    async () => ok(await appCategories(db)),
  );

  app.get(
    '/user/ph/ph_app_v2/ph_app_version',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The versions of one app, newest first',
        security,
        querystring: phoneAppVersionQuery,
        response: { 200: envelope(z.array(phoneAppVersionSchema)) },
      },
    },
    async (request) => ok(await appVersions(db, { customer: userIdOf(request) }, request.query.app_id)),
  );

  app.get(
    '/user/ph/ph_app_v2/upload_limit',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The largest APK an upload accepts, in MB (the `phone.app.max_upload_mb` setting)',
        security,
        response: { 200: envelope(phoneAppUploadLimitSchema) },
      },
    },
    async () => ok({ max_mb: await apkUploadLimitMb(db) }),
  );

  app.post(
    '/user/ph/ph_app_v2',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Uploads an APK (multipart field `file`) as one of the caller’s private apps',
        description:
          'The manifest gives package name, version name and code, label and icon; the same package ' +
          'again adds a version (409 APP_VERSION_EXISTS for a known version code). 413 APK_TOO_LARGE ' +
          'past the size setting, 415 APK_INVALID for a file that is not an APK.',
        consumes: ['multipart/form-data'],
        security,
        response: { 200: envelope(phoneAppUploadSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { incoming, limitMb } = await apkPartOf(db, request);
      const uploaded = await uploadApk(
        uploadDeps,
        { ownerId: userId, uploaderId: userId },
        incoming,
        limitMb,
      );
      const versions = await listVersions(db, uploaded.app.id);
      return ok({
        app: toPhoneApp(await customerApp(db, userId, uploaded.app.id), userId),
        version: toPhoneAppVersion(versions.find((v) => v.id === uploaded.versionId)!),
      });
    },
  );

  app.delete(
    '/user/ph/ph_app_v2/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Deletes one of the caller’s uploads with all its versions (catalogue apps: 404)',
        security,
        params: phoneAppIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteOwnApp(uploadDeps, userIdOf(request), request.params.id);
      return ok(null);
    },
  );

  // The session's user both owns the phones and asks (sub-accounts acting for a main account come later).
  const who = (request: Parameters<typeof userIdOf>[0]) => ({
    userId: userIdOf(request),
    actorId: userIdOf(request),
  });

  app.post(
    '/user/ph/ph_app_v2/install_v2',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Installs an app (its newest version unless `version_id`) on phones: one task per phone',
        description:
          'An app the caller does not see (another customer’s, a hidden one) is 404 APP_NOT_FOUND, a phone ' +
          'not the caller’s 404 PHONE_NOT_FOUND (no task made). A phone that is not running fails its task ' +
          'with the reason; the installed apps change when a task succeeds.',
        security,
        body: phoneAppInstallBody,
        response: { 200: envelope(phoneAppTasksSchema) },
      },
    },
    async (request) => ok(await installApp(deps, who(request), request.body)),
  );

  app.post(
    '/user/ph/ph_app_v2/uninstall_v2',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Uninstalls a package from phones: one task per phone',
        security,
        body: phoneAppUninstallBody,
        response: { 200: envelope(phoneAppTasksSchema) },
      },
    },
    async (request) => ok(await uninstallApp(deps, who(request), request.body)),
  );

  app.get(
    '/user/ph/ph_app_v2/installed',
    {
      config: { owner: true },
      schema: {
        tags,
        summary:
          'The packages installed on one of the caller’s phones and their versions (as the engine keeps them)',
        security,
        querystring: phoneInstalledAppsQuery,
        response: { 200: envelope(phoneInstalledAppsSchema) },
      },
    },
    async (request) => {
      const phoneId = request.query.phone_id;
      return ok({ phone_id: phoneId, ...(await installedApps(db, userIdOf(request), phoneId)) });
    },
  );
};
