import {
  envelope,
  phoneGroupBody,
  phoneGroupListSchema,
  phoneGroupMoveBody,
  phoneGroupMoveParams,
  phoneGroupMoveSchema,
  phoneGroupParams,
  phoneGroupSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { userIdOf } from '../identity/auth-hook';
import {
  createPhoneGroup,
  deletePhoneGroup,
  listPhoneGroups,
  listSubAccountPhoneGroups,
  movePhonesToGroup,
  renamePhoneGroup,
} from './groups';

const tags = ['phones'];
const security = [{ bearer: [] }];

/**
 * Spec §7 `/user/ph/phone_data/group`: the customer's phone groups. Registered inside the phone
 * plugin, so its flag hook refuses customers without `ph_white_user` here too.
 */
export const phoneGroupRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, pool } = deps.database;

  app.get(
    '/user/ph/phone_data/group',
    {
      config: { owner: true },
      schema: {
        tags,
        summary:
          "The customer's phone groups (oldest first) with their phone counts, and the ungrouped count",
        security,
        response: { 200: envelope(phoneGroupListSchema) },
      },
    },
    async (request) => ok(await listPhoneGroups(db, userIdOf(request))),
  );

  app.get(
    '/user/son_account/phone_data/group',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "A sub-account's view of its main account's phone groups",
        description: 'A main account gets 403 SUB_ACCOUNT_ONLY.',
        security,
        response: { 200: envelope(phoneGroupListSchema) },
      },
    },
    async (request) => ok(await listSubAccountPhoneGroups(db, userIdOf(request))),
  );

  app.post(
    '/user/ph/phone_data/group',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'A new phone group (1–30 characters; 409 PHONE_GROUP_NAME_TAKEN, whatever the case)',
        description:
          'Send `Idempotency-Key`: a retry answers the same group instead of 409, and makes it once.',
        security,
        body: phoneGroupBody,
        response: { 200: envelope(phoneGroupSchema) },
      },
    },
    async (request) => ok(await createPhoneGroup(db, userIdOf(request), request.body.name)),
  );

  app.put(
    '/user/ph/phone_data/group/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Rename a phone group (1–30 characters; 409 PHONE_GROUP_NAME_TAKEN)',
        security,
        params: phoneGroupParams,
        body: phoneGroupBody,
        response: { 200: envelope(phoneGroupSchema) },
      },
    },
    async (request) =>
      ok(await renamePhoneGroup(db, userIdOf(request), request.params.id, request.body.name)),
  );

  app.delete(
    '/user/ph/phone_data/group/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Delete a phone group; its phones become ungrouped',
        security,
        params: phoneGroupParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deletePhoneGroup(pool, userIdOf(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/user/ph/phone_data/group/:id/phones',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Move phones into a group; group id 0 moves them out of any group',
        description:
          'All or none: a phone that is not the caller’s answers 404 PHONE_NOT_FOUND and moves nothing.',
        security,
        params: phoneGroupMoveParams,
        body: phoneGroupMoveBody,
        response: { 200: envelope(phoneGroupMoveSchema) },
      },
    },
    async (request) =>
      ok(await movePhonesToGroup(pool, userIdOf(request), request.params.id, request.body.phone_ids)),
  );
};
