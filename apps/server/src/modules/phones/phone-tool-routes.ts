import {
  envelope,
  importContactsBody,
  importContactsSchema,
  phoneAdbSchema,
  phoneIdParams,
  runCommandBody,
  runCommandSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { ok } from '../../lib/reply';
import { userIdOf } from '../identity/auth-hook';
import { closePhoneAdb, enablePhoneAdb, importPhoneContacts, runPhoneCommand } from './phone-tools';

const tags = ['phones'];
const security = [{ bearer: [] }];

/**
 * Spec §7 Cloud phone: run_command, ADB on and off, import_contacts. Registered inside the phone
 * plugin, so its flag hook refuses customers without `ph_white_user` here too.
 */
export const phoneToolRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/user/ph/phone/:id/run_command',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Run one shell command on a running phone and answer its output and exit code',
        description:
          'The command is 1–1024 characters (400 PHONE_COMMAND_INVALID otherwise) and is audited ' +
          '(who, when, what, exit code) before it runs. Exit code 127: no such command. ' +
          '409 PHONE_NOT_RUNNING unless the phone runs.',
        security,
        params: phoneIdParams,
        body: runCommandBody,
        response: { 200: envelope(runCommandSchema) },
      },
    },
    async (request) =>
      ok(await runPhoneCommand(deps, userIdOf(request), request.params.id, request.body.command)),
  );

  const adbRoutes = [
    {
      path: 'enable_adb',
      summary: 'Switch ADB on: answers the host:port to `adb connect` to while it stays on',
      description:
        'Needs a running phone (409 PHONE_NOT_RUNNING) with an ADB key pair attached (409 ' +
        'ADB_KEY_PAIR_REQUIRED). A stop or reset switches ADB off. `adb_address` is null while the ' +
        'cloud has not confirmed yet; the list shows it once it has.',
      handle: enablePhoneAdb,
    },
    {
      path: 'close_adb',
      summary: 'Switch ADB off (running or stopped phones)',
      description: 'Answers `adb_address` null and the phone.',
      handle: closePhoneAdb,
    },
  ];
  for (const { path, summary, description, handle } of adbRoutes) {
    app.post(
      `/user/ph/phone/:id/${path}`,
      {
        config: { owner: true },
        schema: {
          tags,
          summary,
          description,
          security,
          params: phoneIdParams,
          response: { 200: envelope(phoneAdbSchema) },
        },
      },
      async (request) => ok(await handle(deps, userIdOf(request), request.params.id)),
    );
  }

  app.post(
    '/user/ph/phone/:id/import_contacts',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Import contacts into a running phone from an uploaded .vcf or .csv file',
        description:
          '`file` is the `fileName` (or `url`) POST /common/upload answered; another customer’s ' +
          'file answers 404. vCard 2.1/3.0/4.0 (FN or N, TEL) or CSV (name and phone columns, ' +
          'header optional); at most 5000 entries (400 CONTACTS_TOO_MANY), at least one usable ' +
          '(400 CONTACTS_FILE_EMPTY), other files 400 CONTACTS_FILE_INVALID. Entries without a name ' +
          'or a usable number are counted in `skipped`. A retry under the same key imports once.',
        security,
        params: phoneIdParams,
        body: importContactsBody,
        response: { 200: envelope(importContactsSchema) },
      },
    },
    async (request) => {
      const key = idempotencyKeyOf(request);
      return ok(
        await importPhoneContacts(deps, userIdOf(request), request.params.id, request.body.file, key),
      );
    },
  );
};
