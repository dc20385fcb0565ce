/**
 * Referral rebates (issue 22): the customer's `/user/referral…` (spec §2 `/user/pullnew`) and the
 * operators' withdrawal review (`/business/withdrawal…`, 业务管理 › 提现审核). Sub-accounts are
 * refused the customer routes (route-policy.ts lists none of them).
 */
import {
  adminWithdrawalListQuery,
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  envelope,
  referralInviteePageSchema,
  referralPageQuery,
  referralRewardPageSchema,
  referralSummarySchema,
  withdrawalApproveBody,
  withdrawalBody,
  withdrawalIdParams,
  withdrawalPageSchema,
  withdrawalRejectBody,
  withdrawalSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { operatorRoute } from '../../http/operator-route';
import { ok } from '../../lib/reply';
import { userIdOf } from '../identity/auth-hook';
import {
  decideWithdrawal,
  listAdminWithdrawals,
  listInvitees,
  listRewards,
  listWithdrawals,
  referralSummary,
  requestWithdrawal,
} from './service';

const tags = ['referral'];
const security = [{ bearer: [] }];
const MAIN_ONLY = 'A sub-account gets 403 SUB_ACCOUNT_NOT_ALLOWED.';

export const referralRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database, config } = deps;
  const { db } = database;

  app.get(
    '/user/referral',
    {
      config: { owner: true },
      schema: {
        tags,
        security,
        summary: 'The invite code and link, the reward percentage and the earnings (dollars)',
        description: MAIN_ONLY,
        response: { 200: envelope(referralSummarySchema) },
      },
    },
    async (request) => ok(await referralSummary(database, config.PUBLIC_URL, userIdOf(request))),
  );

  app.get(
    '/user/referral/invitees',
    {
      config: { owner: true },
      schema: {
        tags,
        security,
        summary: 'The customers who signed up with the caller’s invite code (masked e-mails), newest first',
        description: MAIN_ONLY,
        querystring: referralPageQuery,
        response: { 200: envelope(referralInviteePageSchema) },
      },
    },
    async (request) => ok(await listInvitees(db, userIdOf(request), request.query)),
  );

  app.get(
    '/user/referral/rewards',
    {
      config: { owner: true },
      schema: {
        tags,
        security,
        summary: 'Each spend (or refund) of an invitee and the reward it credited, newest first',
        description: MAIN_ONLY,
        querystring: referralPageQuery,
        response: { 200: envelope(referralRewardPageSchema) },
      },
    },
    async (request) => ok(await listRewards(db, userIdOf(request), request.query)),
  );

  app.get(
    '/user/referral/withdrawals',
    {
      config: { owner: true },
      schema: {
        tags,
        security,
        summary: 'The caller’s withdrawals, newest first',
        description: MAIN_ONLY,
        querystring: referralPageQuery,
        response: { 200: envelope(withdrawalPageSchema) },
      },
    },
    async (request) => ok(await listWithdrawals(db, userIdOf(request), request.query)),
  );

  app.post(
    '/user/referral/withdrawal',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Withdraws rebate to the balance (at once) or to a TRC20 USDT address (reviewed)',
        description:
          'Send `Idempotency-Key`. 400 WITHDRAWAL_ADDRESS_INVALID (base58check), 422 WITHDRAWAL_BELOW_MINIMUM, ' +
          `422 WITHDRAWAL_EXCEEDS_REBATE. ${MAIN_ONLY}`,
        body: withdrawalBody,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(await requestWithdrawal(database, userIdOf(request), request.body, idempotencyKeyOf(request))),
  );

  const TAG = 'business';
  app.get(
    '/business/withdrawal/list',
    operatorRoute(TAG, 'business:withdrawal:list', {
      summary: "Withdrawals of the customers in the operator's data scope, newest first",
      querystring: adminWithdrawalListQuery,
      response: { 200: envelope(adminWithdrawalPageSchema) },
    }),
    async (request) => ok(await listAdminWithdrawals(db, userIdOf(request), request.query)),
  );

  app.post(
    '/business/withdrawal/:id/approve',
    operatorRoute(TAG, 'business:withdrawal:approve', {
      summary: 'Marks a processing address withdrawal paid, with the transfer’s hash',
      params: withdrawalIdParams,
      body: withdrawalApproveBody,
      response: { 200: envelope(adminWithdrawalSchema) },
    }),
    async (request) =>
      ok(
        await decideWithdrawal(database, userIdOf(request), request.params.id, {
          approve: true,
          txHash: request.body.tx_hash,
        }),
      ),
  );

  app.post(
    '/business/withdrawal/:id/reject',
    operatorRoute(TAG, 'business:withdrawal:approve', {
      summary: 'Rejects a processing address withdrawal with a reason; the amount returns to the rebate',
      params: withdrawalIdParams,
      body: withdrawalRejectBody,
      response: { 200: envelope(adminWithdrawalSchema) },
    }),
    async (request) =>
      ok(
        await decideWithdrawal(database, userIdOf(request), request.params.id, {
          approve: false,
          reason: request.body.reason,
        }),
      ),
  );
};
