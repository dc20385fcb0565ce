import {
  customerIdParams,
  envelope,
  supportAuditListQuery,
  supportAuditPageSchema,
  supportSessionBody,
  supportSessionSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { operatorRoute } from '../../../http/operator-route';
import { ok } from '../../../lib/reply';
import { clientOf, userIdOf } from '../../identity/auth-hook';
import { listSupportAudits, openSupportSession } from './service';

const TAG = 'business';
const PERMISSION = 'business:customer:support';

/** The read-only support session ("open the customer's console") and its audit trail. */
export const supportSessionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.post(
    '/business/customer/:userId/support-session',
    operatorRoute(
      TAG,
      PERMISSION,
      {
        summary: 'Opens a read-only session of the customer (1 hour) and answers its hand-off address',
        params: customerIdParams,
        body: supportSessionBody,
        response: { 200: envelope(supportSessionSchema) },
      },
      { log: { title: 'business.support' } },
    ),
    async (request) =>
      ok(
        await openSupportSession(db, userIdOf(request), request.params.userId, {
          reason: request.body.reason,
          client: clientOf(request),
        }),
      ),
  );

  app.get(
    '/business/support/audit',
    operatorRoute(TAG, PERMISSION, {
      summary: "Every request made in support sessions of customers in the operator's scope, newest first",
      querystring: supportAuditListQuery,
      response: { 200: envelope(supportAuditPageSchema) },
    }),
    async (request) => ok(await listSupportAudits(db, userIdOf(request), request.query)),
  );
};
