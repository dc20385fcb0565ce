import {
  adjustmentBody,
  adjustmentCustomerQuery,
  adjustmentCustomersSchema,
  adjustmentDecisionBody,
  adjustmentIdParams,
  adjustmentListQuery,
  adjustmentPageSchema,
  adjustmentSchema,
  customerIdParams,
  envelope,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { idempotencyKeyOf } from '../../../http/idempotency';
import { operatorRoute } from '../../../http/operator-route';
import { ok } from '../../../lib/reply';
import { userIdOf } from '../../identity/auth-hook';
import { decideAdjustment, findAdjustableCustomers, listAdjustments, requestAdjustment } from './service';

const TAG = 'business';

/**
 * Balance adjustments (issue 18, part B2): request under the customer's path (the customers page
 * opens the same dialog), list, and the second operator's approve / reject.
 */
export const adjustmentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database } = deps;
  const { db } = database;

  app.get(
    '/business/adjustment/list',
    operatorRoute(TAG, 'business:adjustment:list', {
      summary: "Adjustments of the customers in the operator's data scope, newest first",
      querystring: adjustmentListQuery,
      response: { 200: envelope(adjustmentPageSchema) },
    }),
    async (request) => ok(await listAdjustments(db, userIdOf(request), request.query)),
  );

  app.get(
    '/business/adjustment/customers',
    operatorRoute(TAG, 'business:adjustment:add', {
      summary: 'Customers in scope to adjust (by e-mail prefix, or one by id) and the approval threshold',
      querystring: adjustmentCustomerQuery,
      response: { 200: envelope(adjustmentCustomersSchema) },
    }),
    async (request) => ok(await findAdjustableCustomers(db, userIdOf(request), request.query)),
  );

  app.post(
    '/business/customer/:userId/adjustment',
    operatorRoute(
      TAG,
      'business:adjustment:add',
      {
        summary: 'Credits or debits a customer: posted at once up to the threshold, else pending approval',
        params: customerIdParams,
        body: adjustmentBody,
        response: { 200: envelope(adjustmentSchema) },
      },
      { idempotent: true, log: { title: 'business.adjustment' } },
    ),
    async (request) =>
      ok(
        await requestAdjustment(
          database,
          userIdOf(request),
          request.params.userId,
          request.body,
          idempotencyKeyOf(request),
        ),
      ),
  );

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(
      `/business/adjustment/:id/${action}`,
      operatorRoute(TAG, 'business:adjustment:approve', {
        summary: `${approve ? 'Approves (and posts)' : 'Rejects'} a pending adjustment; never the requester's own`,
        params: adjustmentIdParams,
        body: adjustmentDecisionBody,
        response: { 200: envelope(adjustmentSchema) },
      }),
      async (request) =>
        ok(
          await decideAdjustment(database, userIdOf(request), request.params.id, {
            approve,
            reason: request.body.reason,
          }),
        ),
    );
  }
};
