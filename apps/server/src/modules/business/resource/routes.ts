import {
  BUSINESS_RESOURCE_PERMS as PERMS,
  businessResourceDetailSchema,
  businessResourceExportBody,
  businessResourceIdParams,
  businessResourceListQuery,
  businessResourcePageSchema,
  envelope,
  resourceActionAnswer,
  resourceExtendBody,
  resourcePowerBody,
  resourceReconcileAnswer,
  resourceReconcileBody,
  resourceRefundPreviewSchema,
  resourceReleaseBody,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { AppDeps } from '../../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, sendSheet } from '../../../http/csv-reply';
import { idempotencyKeyOf } from '../../../http/idempotency';
import { operatorRoute, type OperatorRouteOptions } from '../../../http/operator-route';
import { ok } from '../../../lib/reply';
import { authOf, languageOf } from '../../identity/auth-hook';
import {
  exportBusinessResources,
  extendResource,
  getBusinessResource,
  pageBusinessResources,
  powerAction,
  reconcileResource,
  refundPreview,
  releaseResource,
} from './service';

const TAG = 'business-resource';

/** The options of a route on one resource (`:id`): its permission, summary and schema. */
const byId = <S extends FastifySchema>(
  permission: string,
  summary: string,
  schema: S,
  options?: OperatorRouteOptions,
) => operatorRoute(TAG, permission, { summary, params: businessResourceIdParams, ...schema }, options);

/** The operators' resources (issue 18): every in-scope customer's resources and their actions. */
export const businessResourceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const contextOf = (request: FastifyRequest, id: number) => ({
    deps,
    operatorId: authOf(request).userId,
    id,
    language: languageOf(request),
  });
  acceptFormBodies(app);

  app.get(
    '/business/resource',
    operatorRoute(TAG, PERMS.list, {
      summary: 'Every customer’s resources in the operator’s data scope, paged and filtered',
      querystring: businessResourceListQuery,
      response: { 200: envelope(businessResourcePageSchema) },
    }),
    async (request) =>
      ok(await pageBusinessResources(deps, authOf(request).userId, request.query, languageOf(request))),
  );

  app.post(
    '/business/resource/export',
    operatorRoute(TAG, PERMS.export, {
      summary: 'The filtered resources in the operator’s data scope as XLSX (default) or CSV',
      description: 'Form-encoded body; titles follow Accept-Language, times `time_zone`.',
      consumes: [FORM_CONTENT_TYPE],
      body: businessResourceExportBody,
    }),
    async (request, reply) =>
      sendSheet(
        reply,
        request.body,
        { language: languageOf(request), now: deps.clock.now() },
        (filters, sheet) => exportBusinessResources(deps, authOf(request).userId, filters, sheet),
      ),
  );

  app.get(
    '/business/resource/:id',
    byId(PERMS.query, 'One resource with its orders and operator action history (404 outside the scope)', {
      response: { 200: envelope(businessResourceDetailSchema) },
    }),
    async (request) =>
      ok(await getBusinessResource(deps, authOf(request).userId, request.params.id, languageOf(request))),
  );

  app.get(
    '/business/resource/:id/refund_preview',
    byId(PERMS.release, 'What releasing it now refunds under each rule (none, prorated, full)', {
      response: { 200: envelope(resourceRefundPreviewSchema) },
    }),
    async (request) => ok(await refundPreview(deps, authOf(request).userId, request.params.id)),
  );

  app.post(
    '/business/resource/:id/action',
    byId(
      PERMS.operate,
      'Start, stop or force stop (phones), with a reason; 409 when its status does not allow it',
      {
        body: resourcePowerBody,
        response: { 200: envelope(resourceActionAnswer) },
      },
    ),
    async (request) => ok(await powerAction(contextOf(request, request.params.id), request.body)),
  );

  app.post(
    '/business/resource/:id/release',
    byId(
      PERMS.release,
      'Releases it upstream and refunds by the chosen rule (once), with a reason',
      { body: resourceReleaseBody, response: { 200: envelope(resourceActionAnswer) } },
      { idempotent: true },
    ),
    async (request) => ok(await releaseResource(contextOf(request, request.params.id), request.body)),
  );

  app.post(
    '/business/resource/:id/extend',
    byId(
      PERMS.extend,
      'Extends a subscription by N days for free (a zero-amount renewal order), with a reason',
      { body: resourceExtendBody, response: { 200: envelope(resourceActionAnswer) } },
      { idempotent: true },
    ),
    async (request) =>
      ok(
        await extendResource(contextOf(request, request.params.id), request.body, idempotencyKeyOf(request)),
      ),
  );

  app.post(
    '/business/resource/:id/reconcile',
    byId(PERMS.operate, 'Re-reads its state from the cloud and answers what changed', {
      body: resourceReconcileBody,
      response: { 200: envelope(resourceReconcileAnswer) },
    }),
    async (request) =>
      ok(await reconcileResource(contextOf(request, request.params.id), request.body.reason)),
  );
};
