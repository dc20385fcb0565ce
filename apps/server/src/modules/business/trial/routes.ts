import {
  envelope,
  trialApplicationSchema,
  trialIdParams,
  trialListQuery,
  trialPageSchema,
  trialRejectBody,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { operatorRoute } from '../../../http/operator-route';
import { ok } from '../../../lib/reply';
import { clientOf, userIdOf } from '../../identity/auth-hook';
import { decideTrial, listTrials } from '../../trials/service';

const TAG = 'business';

/**
 * The operators' review of free trial applications (issue 22, part G2; 业务管理 › 试用审核): the
 * list with its anti-abuse signals, approve (a gift desktop through the engine) and reject.
 */
export const businessTrialRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/business/trial/list',
    operatorRoute(TAG, 'business:trial:list', {
      summary:
        "Trial applications of the customers in the operator's data scope, newest first, each with the " +
        'other accounts’ applications from the same IP and e-mail domain',
      querystring: trialListQuery,
      response: { 200: envelope(trialPageSchema) },
    }),
    async (request) => ok(await listTrials(db, userIdOf(request), request.query, clientOf(request).language)),
  );

  app.post(
    '/business/trial/:id/approve',
    operatorRoute(
      TAG,
      'business:trial:approve',
      {
        summary: 'Approves a pending application: a gift desktop (smallest bundle, 24 hours) is made',
        description: 'Send `Idempotency-Key`. 409 TRIAL_NOT_PENDING once decided.',
        params: trialIdParams,
        response: { 200: envelope(trialApplicationSchema) },
      },
      { idempotent: true, log: { title: 'business.trial' } },
    ),
    async (request) =>
      ok(
        await decideTrial(
          deps,
          userIdOf(request),
          request.params.id,
          { approve: true },
          clientOf(request).language,
        ),
      ),
  );

  app.post(
    '/business/trial/:id/reject',
    operatorRoute(
      TAG,
      'business:trial:approve',
      {
        summary: 'Rejects a pending application with a reason the customer reads',
        params: trialIdParams,
        body: trialRejectBody,
        response: { 200: envelope(trialApplicationSchema) },
      },
      { log: { title: 'business.trial' } },
    ),
    async (request) =>
      ok(
        await decideTrial(
          deps,
          userIdOf(request),
          request.params.id,
          { approve: false, reason: request.body.reason },
          clientOf(request).language,
        ),
      ),
  );
};
