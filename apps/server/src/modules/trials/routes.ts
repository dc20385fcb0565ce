import {
  envelope,
  freeResourceApplicationSchema,
  freeResourceApplyBody,
  freeResourceLatestSchema,
  giftOfferSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { clientOf, userIdOf } from '../identity/auth-hook';
import { applyForTrial, giftOffer, latestApplication } from './service';

const tags = ['trials'];
const security = [{ bearer: [] }];
const NOT_FOR_SUB_ACCOUNTS = 'Main accounts only: a sub-account gets 403 SUB_ACCOUNT_NOT_ALLOWED.';

/** The gift page's figures (public) and a customer's free trial application (issue 22, part G2). */
export const trialRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/gift_offer',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'What the gift page offers: trial hours, first-recharge bonus and referral reward (settings)',
        response: { 200: envelope(giftOfferSchema) },
      },
    },
    async () => ok(await giftOffer(deps.database)),
  );

  app.get(
    '/user/free_resource_apply/latest',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The caller's latest free trial application (null before the first)",
        description: NOT_FOR_SUB_ACCOUNTS,
        security,
        response: { 200: envelope(freeResourceLatestSchema) },
      },
    },
    async (request) => ok(await latestApplication(db, userIdOf(request))),
  );

  app.post(
    '/user/free_resource_apply',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Applies for the free 24-hour trial: pending until an operator decides',
        description:
          'Region and messaging contact required (400 TRIAL_REGION_REQUIRED, TRIAL_CONTACT_REQUIRED). ' +
          'One trial per account: 409 TRIAL_ALREADY_APPLIED while one is pending or approved. ' +
          NOT_FOR_SUB_ACCOUNTS,
        security,
        body: freeResourceApplyBody,
        response: { 200: envelope(freeResourceApplicationSchema) },
      },
    },
    async (request) => ok(await applyForTrial(db, userIdOf(request), request.body, clientOf(request).ip)),
  );
};
