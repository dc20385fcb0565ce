import {
  batchResultSchema,
  envelope,
  policyAssignBody,
  policyBody,
  policyIdParams,
  policyListQuery,
  policyPageSchema,
  policySchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { authOf, clientOf } from '../identity/auth-hook';
import { assignPolicy, createPolicy, deletePolicy, listPolicies, updatePolicy } from './service';

const tags = ['policies'];
const security = [{ bearer: [] }];

/** Spec §3 Policy: the customer's cloud strategies and which desktops use them. */
export const policyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/user/policy',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's policies: the default one first (made on first use), then the newest",
        security,
        querystring: policyListQuery,
        response: { 200: envelope(policyPageSchema) },
      },
    },
    async (request) =>
      ok(await listPolicies(db, authOf(request).userId, request.query, clientOf(request).language)),
  );

  app.post(
    '/user/policy',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'A new policy (409 POLICY_NAME_TAKEN when the name is in use, whatever its case)',
        description:
          'Send `Idempotency-Key`: a retry (after a timeout) answers the same policy instead of ' +
          '409 POLICY_NAME_TAKEN, and makes it once.',
        security,
        body: policyBody,
        response: { 200: envelope(policySchema) },
      },
    },
    async (request) =>
      ok(await createPolicy(db, authOf(request).userId, request.body, clientOf(request).language)),
  );

  app.put(
    '/user/policy/:policy_id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Change a policy and its upstream group (422 POLICY_DEFAULT_LOCKED on the default one)',
        security,
        params: policyIdParams,
        body: policyBody,
        response: { 200: envelope(policySchema) },
      },
    },
    async (request) =>
      ok(
        await updatePolicy(
          deps,
          authOf(request).userId,
          request.params.policy_id,
          request.body,
          clientOf(request).language,
        ),
      ),
  );

  app.delete(
    '/user/policy/:policy_id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Delete a policy; the desktops using it go back to the default policy',
        description:
          '422 POLICY_DEFAULT_LOCKED on the default policy; 409 RESOURCE_ACTION_FORBIDDEN while a ' +
          'desktop using it cannot change policy (only running or shut-down desktops can).',
        security,
        params: policyIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deletePolicy(deps, authOf(request).userId, request.params.policy_id);
      return ok(null);
    },
  );

  app.put(
    '/user/policy/:policy_id/desktops',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Give the policy to desktops (running or shut down); one result per desktop',
        security,
        params: policyIdParams,
        body: policyAssignBody,
        response: { 200: envelope(batchResultSchema) },
      },
    },
    async (request) =>
      ok(
        await assignPolicy(
          deps,
          authOf(request).userId,
          request.params.policy_id,
          request.body.desktop_ids,
          clientOf(request).language,
        ),
      ),
  );
};
