import {
  backupCreateBody,
  backupCreateSchema,
  backupIdParams,
  backupListQuery,
  backupPageSchema,
  backupRecoveryBody,
  backupSchema,
  backupTaskRefSchema,
  backupUpdateBody,
  envelope,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { ok } from '../../../lib/reply';
import { userIdOf } from '../../identity/auth-hook';
import { createBackups, recoverBackup } from './backup-tasks';
import { deleteBackupOf, listBackups, updateBackupOf } from './backups';
import { toBackup } from './view';

const tags = ['phone-backups'];
const security = [{ bearer: [] }];

/**
 * Spec §7 Backups: POST and GET /user/ph/ph_backup; PUT and DELETE /{id}; POST /{id}/recovery.
 * Registered inside `phoneRoutes` (the phone flag's hook).
 */
export const backupRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // The signed-in account acts for itself (sub-accounts do not exist yet).
  const userOf = (request: Parameters<typeof userIdOf>[0]) => {
    const userId = userIdOf(request);
    return { userId, actorId: userId };
  };

  app.get(
    '/user/ph/ph_backup',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's phone backups, newest first (filters name, phone, status)",
        security,
        querystring: backupListQuery,
        response: { 200: envelope(backupPageSchema) },
      },
    },
    async (request) => ok(await listBackups(deps, userIdOf(request), request.query)),
  );

  app.post(
    '/user/ph/ph_backup',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Back up phones: one backup task per phone (422 BACKUP_SPACE_FULL when it would not fit)',
        security,
        body: backupCreateBody,
        response: { 200: envelope(backupCreateSchema) },
      },
    },
    async (request) => ok({ tasks: await createBackups(deps, userOf(request), request.body) }),
  );

  app.put(
    '/user/ph/ph_backup/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Rename a backup or change its description',
        security,
        params: backupIdParams,
        body: backupUpdateBody,
        response: { 200: envelope(backupSchema) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const row = await updateBackupOf(deps, userId, request.params.id, request.body);
      return ok(toBackup(row, null));
    },
  );

  app.delete(
    '/user/ph/ph_backup/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Delete a backup (frees its room in the backup space)',
        security,
        params: backupIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteBackupOf(deps, userIdOf(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/user/ph/ph_backup/:id/recovery',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: "Restore a backup onto its phone or another of the account's phones (its data is replaced)",
        security,
        params: backupIdParams,
        body: backupRecoveryBody,
        response: { 200: envelope(backupTaskRefSchema) },
      },
    },
    async (request) =>
      ok(await recoverBackup(deps, userOf(request), request.params.id, request.body.phone_id)),
  );
};
