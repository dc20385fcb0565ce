import {
  envelope,
  keyPairAttachBody,
  keyPairAttachParams,
  keyPairCreateBody,
  keyPairCreatedSchema,
  keyPairIdParams,
  keyPairListQuery,
  keyPairPageSchema,
  keyPairRenameBody,
  keyPairSchema,
  phoneBatchResultSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { languageOf, userIdOf } from '../identity/auth-hook';
import {
  createKeyPair,
  deleteKeyPair,
  keyPairOnPhones,
  listKeyPairs,
  renameKeyPair,
  type KeyPairAction,
} from './key-pairs';

const tags = ['phones'];
const security = [{ bearer: [] }];

/**
 * Spec §7 ADB: the customer's ADB key pairs. Registered inside the phone plugin, so its flag hook
 * refuses customers without `ph_white_user` here too.
 */
/** The created key pair's answer as kept for replays: everything but the private key. */
export function withoutPrivateKey(body: string): string {
  const answer = JSON.parse(body) as { data?: { private_key?: string | null } };
  if (answer.data && 'private_key' in answer.data) answer.data.private_key = null;
  return JSON.stringify(answer);
}

export const keyPairRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/user/ph/adb/key_pair',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's ADB key pairs, newest first, with the phones each is attached to",
        security,
        querystring: keyPairListQuery,
        response: { 200: envelope(keyPairPageSchema) },
      },
    },
    async (request) => ok(await listKeyPairs(db, userIdOf(request), request.query)),
  );

  app.post(
    '/user/ph/adb/key_pair',
    {
      // A replay answers the same pair without its private key: the idempotency store keeps the
      // answer, and the console never stores a private key (it is shown in the first answer only).
      config: { owner: true, idempotent: true, idempotentKeep: withoutPrivateKey },
      schema: {
        tags,
        summary: 'A new key pair: generated (the private key answered once) or imported from `public_key`',
        description:
          'A retry with the same Idempotency-Key answers the same pair with `private_key` null: the ' +
          'private key is never stored. 422 KEY_PAIR_PUBLIC_KEY_INVALID for a public key that is not ' +
          'an OpenSSH line.',
        security,
        body: keyPairCreateBody,
        response: { 200: envelope(keyPairCreatedSchema) },
      },
    },
    async (request) => ok(await createKeyPair(db, userIdOf(request), request.body)),
  );

  app.put(
    '/user/ph/adb/key_pair/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Rename a key pair (2–128 characters of Chinese, English, digits, _ and -)',
        security,
        params: keyPairIdParams,
        body: keyPairRenameBody,
        response: { 200: envelope(keyPairSchema) },
      },
    },
    async (request) => ok(await renameKeyPair(db, userIdOf(request), request.params.id, request.body.name)),
  );

  app.delete(
    '/user/ph/adb/key_pair/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Delete a key pair (409 KEY_PAIR_IN_USE while attached to a phone)',
        security,
        params: keyPairIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteKeyPair(deps, userIdOf(request), request.params.id);
      return ok(null);
    },
  );

  const batchSummaries: Record<KeyPairAction, string> = {
    attach: 'Attach the key pair to running or stopped phones; one result per phone',
    detach: 'Detach the key pair from phones; one result per phone (409 KEY_PAIR_NOT_ATTACHED)',
  };
  for (const action of ['attach', 'detach'] as const) {
    app.post(
      `/user/ph/adb/${action}_key/:key_pair_id`,
      {
        config: { owner: true },
        schema: {
          tags,
          summary: batchSummaries[action],
          security,
          params: keyPairAttachParams,
          body: keyPairAttachBody,
          response: { 200: envelope(phoneBatchResultSchema) },
        },
      },
      async (request) =>
        ok(
          await keyPairOnPhones(deps, userIdOf(request), action, {
            keyPairId: request.params.key_pair_id,
            phoneIds: request.body.phone_ids,
            language: languageOf(request),
          }),
        ),
    );
  }
};
