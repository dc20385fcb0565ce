/**
 * Spec §7 Sub-accounts (issue 21): the main account's `/user/son_account…` routes, the hand-off
 * into a sub-account's console and the rank of sub-accounts. A sub-account's session is refused
 * every one of them by the route policy (route-policy.ts: 403 SUB_ACCOUNT_NOT_ALLOWED).
 */
import {
  envelope,
  createSubAccountBody,
  subAccountBatchEditBody,
  subAccountBatchEditSchema,
  subAccountBindDesktopsBody,
  subAccountBindPhonesBody,
  subAccountBindResultSchema,
  subAccountCreatedSchema,
  subAccountEnterSchema,
  subAccountIdParams,
  subAccountListQuery,
  subAccountOwnPasswordBody,
  subAccountPageSchema,
  subAccountPasswordBody,
  subAccountRankQuery,
  subAccountRankSchema,
  subAccountUnbindDesktopsBody,
  subAccountUnbindPhonesBody,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { authOf, bearerToken, clientOf, userIdOf } from '../identity/auth-hook';
import { enterSubAccount } from './hand-off';
import { changeOwnSubAccountPassword } from './own-password';
import { monthOf, subAccountRank } from './rank';
import {
  batchEditSubAccounts,
  bindResources,
  createSubAccount,
  deleteSubAccount,
  listSubAccounts,
  setSubAccountPassword,
  unbindResources,
} from './service';

const tags = ['sub-accounts'];
const security = [{ bearer: [] }];
const owner = { owner: true };
const MAIN_ONLY = 'A sub-account gets 403 SUB_ACCOUNT_NOT_ALLOWED; another customer’s sub-account 404.';

export const subAccountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, pool } = deps.database;

  app.post(
    '/user/son_account',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'A new sub-account (nickname ≥ 4, unique under the account; the password rule)',
        description:
          'Send `Idempotency-Key`. 422 SUB_ACCOUNT_LIMIT_REACHED beyond the account’s maximum, ' +
          `409 SUB_ACCOUNT_NICKNAME_TAKEN. ${MAIN_ONLY}`,
        security,
        body: createSubAccountBody,
        response: { 200: envelope(subAccountCreatedSchema) },
      },
    },
    async (request) => ok(await createSubAccount(pool, userIdOf(request), request.body)),
  );

  app.get(
    '/user/son_account',
    {
      config: owner,
      schema: {
        tags,
        summary: 'The sub-accounts, newest first, with bindings, live sessions, spend and used / max',
        description: MAIN_ONLY,
        security,
        querystring: subAccountListQuery,
        response: { 200: envelope(subAccountPageSchema) },
      },
    },
    async (request) => ok(await listSubAccounts(db, userIdOf(request), request.query, deps.clock.now())),
  );

  app.put(
    '/user/son_account/:account_id/password',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Set a sub-account’s password (its sessions end)',
        description: MAIN_ONLY,
        security,
        params: subAccountIdParams,
        body: subAccountPasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await setSubAccountPassword(
        pool,
        db,
        userIdOf(request),
        request.params.account_id,
        request.body.password,
      );
      return ok(null);
    },
  );

  app.put(
    '/user/son_account/own_password',
    {
      config: owner,
      schema: {
        tags,
        summary: 'A sub-account changes its own password (its current one, then the password rule)',
        description:
          'For a sub-account session only (a main account gets 403 SUB_ACCOUNT_ONLY). 400 ' +
          'SUB_ACCOUNT_OLD_PASSWORD_WRONG, 429 SUB_ACCOUNT_PASSWORD_ATTEMPTS_EXCEEDED after 5 attempts ' +
          'in 15 minutes. Its other sessions end; its main account’s stay.',
        security,
        body: subAccountOwnPasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await changeOwnSubAccountPassword(deps, authOf(request), request.body);
      return ok(null);
    },
  );

  app.put(
    '/user/son_account/batch_edit',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Status, remark, binding permissions or spend cap of several sub-accounts',
        description: `Disabling (status '1') ends their sessions at once. ${MAIN_ONLY}`,
        security,
        body: subAccountBatchEditBody,
        response: { 200: envelope(subAccountBatchEditSchema) },
      },
    },
    async (request) => ok(await batchEditSubAccounts(pool, userIdOf(request), request.body)),
  );

  app.delete(
    '/user/son_account/:account_id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Delete a sub-account: unbinds everything and ends its sessions',
        description: MAIN_ONLY,
        security,
        params: subAccountIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteSubAccount(deps, userIdOf(request), request.params.account_id);
      return ok(null);
    },
  );

  const kinds = [
    {
      path: 'desktop',
      kind: 'desktop',
      bind: subAccountBindDesktopsBody,
      unbind: subAccountUnbindDesktopsBody,
    },
    { path: 'phone', kind: 'phone', bind: subAccountBindPhonesBody, unbind: subAccountUnbindPhonesBody },
  ] as const;
  for (const { path, kind, bind, unbind } of kinds) {
    const idsOf = (body: { desktop_ids: string[] } | { phone_ids: string[] }) =>
      'desktop_ids' in body ? body.desktop_ids : body.phone_ids;
    app.post(
      `/user/son_account/:account_id/${path}`,
      {
        config: owner,
        schema: {
          tags,
          summary: `Bind ${kind}s to a sub-account, or set the permissions of bound ones`,
          description:
            'Permissions default to connect, start_stop and restart. Another customer’s resource ' +
            `answers 404.${kind === 'desktop' ? ' The desktop’s assigned user follows.' : ''} ${MAIN_ONLY}`,
          security,
          params: subAccountIdParams,
          body: bind,
          response: { 200: envelope(subAccountBindResultSchema) },
        },
      },
      async (request) =>
        ok(
          await bindResources(
            deps,
            userIdOf(request),
            request.params.account_id,
            kind,
            idsOf(request.body),
            request.body.permissions,
          ),
        ),
    );
    app.delete(
      `/user/son_account/:account_id/${path}`,
      {
        config: owner,
        schema: {
          tags,
          summary: `Unbind ${kind}s from a sub-account`,
          description: MAIN_ONLY,
          security,
          params: subAccountIdParams,
          body: unbind,
          response: { 200: envelope(subAccountBindResultSchema) },
        },
      },
      async (request) =>
        ok(
          await unbindResources(
            deps,
            userIdOf(request),
            request.params.account_id,
            kind,
            idsOf(request.body),
          ),
        ),
    );
  }

  app.post(
    '/user/son_account/:account_id/enter',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Open the console as a sub-account: a new session of it, and the /moneryContro hand-off',
        description:
          '`url` carries token (the new session), loginToken (the caller’s own) and isSon=1. A disabled ' +
          `sub-account answers 403 ACCOUNT_DISABLED. ${MAIN_ONLY}`,
        security,
        params: subAccountIdParams,
        response: { 200: envelope(subAccountEnterSchema) },
      },
    },
    async (request) =>
      ok(
        await enterSubAccount(
          db,
          userIdOf(request),
          request.params.account_id,
          bearerToken(request) ?? '',
          clientOf(request),
        ),
      ),
  );

  app.get(
    '/user/statistics/son_account_rank',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Sub-accounts ranked by the cost of their bound resources this month, then time online',
        description: MAIN_ONLY,
        security,
        querystring: subAccountRankQuery,
        response: { 200: envelope(subAccountRankSchema) },
      },
    },
    async (request) =>
      ok(await subAccountRank(db, userIdOf(request), request.query.month ?? monthOf(deps.clock.now()))),
  );
};
