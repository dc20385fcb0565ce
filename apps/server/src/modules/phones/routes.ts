import {
  envelope,
  modifySpecQuoteSchema,
  orderPageSchema,
  phWhiteUserBody,
  phWhiteUserParams,
  phWhiteUserSchema,
  phoneActionBody,
  phoneAutoRenewBody,
  phoneBatchResultSchema,
  phoneIdParams,
  phoneImageSchema,
  phoneListQuery,
  phoneOrderListQuery,
  phonePageSchema,
  phonePurchaseBody,
  phonePurchaseSchema,
  phoneRenewBody,
  phoneRenewQuery,
  phoneRenewSchema,
  phoneSchema,
  phoneUpdateBody,
  phoneUpgradeBody,
  phoneUpgradeQuery,
  phoneUpgradeSchema,
  priceQuoteSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { ok } from '../../lib/reply';
import { listPhoneImages } from '../catalog/service';
import { authOf, languageOf, userIdOf } from '../identity/auth-hook';
import { listOrders, toOrder } from '../orders/service';
import { purchasePhones } from '../provisioning/service';
import {
  assertPhoneAccess,
  listPhones,
  phoneRenewPrice,
  phoneUpgradePrice,
  renewPhone,
  runPhoneActions,
  setPhWhiteUser,
  switchAutoRenew,
  updatePhone,
  upgradePhone,
} from './service';
import { phoneGroupRoutes } from './group-routes';
import { keyPairRoutes } from './key-pair-routes';
import { phoneReplaceRoutes } from './replace-routes';
import { phoneConnectRoutes } from './connect-routes';
import { phoneToolRoutes } from './phone-tool-routes';
import { phoneTaskRoutes } from './tasks/routes';
import { phoneAppRoutes } from './apps/routes';
import { eipRoutes } from '../network/eip/routes';
import { backupRoutes } from './backups/backup-routes';
import { backupSpaceRoutes } from './backups/space-routes';
import { phoneNetworkRoutes } from '../network/phone-networks/routes';
import { toPhone } from './view';
import { dataScopeCondition } from '../system/data-scope';
import { withBindingPermissions } from '../sub-accounts/bound';
import { boundSubAccountOf, subAccountPayerOf } from '../sub-accounts/enforcement';

const tags = ['phones'];
const security = [{ bearer: [] }];
const ACCESS_NOTE = 'Customers without the phone flag (`ph_white_user` 1) get 403 PHONE_ACCESS_DENIED.';

/**
 * Spec §7 Cloud phone (this slice: purchase, list, run actions, editing, renewal, upgrade, images,
 * orders). One hook for the whole plugin refuses customers without the phone flag, so a route
 * added here later is covered without a check of its own.
 */
export const phoneRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  // preValidation, after the API's auth and Idempotency-Key hooks (a parent scope's hooks run
  // first) and before the body is read: a customer without the flag learns nothing else.
  app.addHook('preValidation', async (request) => {
    await assertPhoneAccess(db, userIdOf(request));
  });
  app.addHook('onRoute', (route) => {
    if (route.schema) route.schema.description = `${route.schema.description ?? ''} ${ACCESS_NOTE}`.trim();
  });
  await app.register(phoneGroupRoutes, { deps });
  await app.register(keyPairRoutes, { deps });
  await app.register(phoneReplaceRoutes, { deps });
  await app.register(phoneConnectRoutes, { deps });
  await app.register(phoneToolRoutes, { deps });
  await app.register(phoneTaskRoutes, { deps });
  await app.register(phoneAppRoutes, { deps });
  // The cloud network's phone-side routes (issue 19) share the phone flag's hook.
  await app.register(eipRoutes, { deps });
  await app.register(phoneNetworkRoutes, { deps });
  // Backup space and the backup centre (issue 20).
  await app.register(backupSpaceRoutes, { deps });
  await app.register(backupRoutes, { deps });

  app.get(
    '/user/ph/ph_image',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Android images (versions) cloud phones are sold with',
        security,
        response: { 200: envelope(z.array(phoneImageSchema)) },
      },
    },
    async (request) => ok(await listPhoneImages(db, languageOf(request))),
  );

  app.post(
    '/user/ph/phone',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary:
          'Buy cloud phones: the order is charged now (the /ph/ph_price figure), the phones made in the background',
        description:
          'Pay-as-you-go needs one hour of every phone in the balance (422 INSUFFICIENT_BALANCE). ' +
          'Several phones are named name-1, name-2…',
        security,
        body: phonePurchaseBody,
        response: { 200: envelope(phonePurchaseSchema) },
      },
    },
    async (request) => {
      const bought = await purchasePhones(
        deps,
        userIdOf(request),
        request.body,
        `phone:${idempotencyKeyOf(request)}`,
      );
      return ok({ order: toOrder(bought.order), phone_ids: bought.resources.map((row) => row.resourceId) });
    },
  );

  app.get(
    '/user/ph/phone',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's cloud phones, newest first, filtered and paged",
        description:
          '`name` matches part of the name (case-insensitive); `expire_from`/`expire_to` bound the ' +
          'subscription end (inclusive). `actions` lists what each phone’s state allows now.',
        security,
        querystring: phoneListQuery,
        response: { 200: envelope(phonePageSchema) },
      },
    },
    async (request) => {
      const boundTo = boundSubAccountOf(request);
      const page = await listPhones(db, userIdOf(request), { ...request.query, boundTo });
      return ok(await withBindingPermissions(db, 'phone', boundTo, page, (phone) => phone.id));
    },
  );

  app.post(
    '/user/ph/phone/action',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Start, stop, restart or reset (clears its data) several phones; one result per phone',
        description:
          'A phone the action cannot run on says why in its entry (409 RESOURCE_ACTION_FORBIDDEN, ' +
          'translated). `force` cuts the power on stop and restart.',
        security,
        body: phoneActionBody,
        response: { 200: envelope(phoneBatchResultSchema) },
      },
    },
    async (request) => ok(await runPhoneActions(deps, userIdOf(request), request.body, languageOf(request))),
  );

  app.put(
    '/user/ph/phone/:id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Rename a phone (2–30 characters), set its display name, switch auto-renew',
        security,
        params: phoneIdParams,
        body: phoneUpdateBody,
        response: { 200: envelope(phoneSchema) },
      },
    },
    async (request) =>
      ok(toPhone(await updatePhone(deps, userIdOf(request), request.params.id, request.body))),
  );

  app.put(
    '/user/ph/phone/:id/auto_renew',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Switch auto-renew (subscriptions only: 422 AUTO_RENEW_REFUSED for pay-as-you-go)',
        security,
        params: phoneIdParams,
        body: phoneAutoRenewBody,
        response: { 200: envelope(phoneSchema) },
      },
    },
    async (request) =>
      ok(toPhone(await switchAutoRenew(db, userIdOf(request), request.params.id, request.body.auto_renew))),
  );

  app.get(
    '/user/ph/phone/:id/renew_price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What renewing the phone for months costs (what POST /renew charges)',
        security,
        params: phoneIdParams,
        querystring: phoneRenewQuery,
        response: { 200: envelope(priceQuoteSchema) },
      },
    },
    async (request) =>
      ok(await phoneRenewPrice(db, userIdOf(request), request.params.id, request.query.period)),
  );

  app.post(
    '/user/ph/phone/:id/renew',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Renew a subscription phone for months (the /renew_price figure is charged)',
        description: 'Pay-as-you-go answers 422 RENEWAL_PAYG_REFUSED.',
        security,
        params: phoneIdParams,
        body: phoneRenewBody,
        response: { 200: envelope(phoneRenewSchema) },
      },
    },
    async (request) => {
      const renewal = await renewPhone(
        deps,
        userIdOf(request),
        request.params.id,
        request.body.period,
        idempotencyKeyOf(request),
        subAccountPayerOf(request),
      );
      return ok({ order: toOrder(renewal.order), phone: toPhone(renewal.resource) });
    },
  );

  app.get(
    '/user/ph/phone/:id/upgrade_price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What moving the phone to another spec costs now (prorated to its expiry)',
        security,
        params: phoneIdParams,
        querystring: phoneUpgradeQuery,
        response: { 200: envelope(modifySpecQuoteSchema) },
      },
    },
    async (request) =>
      ok(await phoneUpgradePrice(deps, userIdOf(request), request.params.id, request.query.spec_id)),
  );

  app.post(
    '/user/ph/phone/:id/upgrade',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Move a running or stopped phone to another spec (the /upgrade_price figure)',
        description:
          'A subscription pays the prorated difference now (order action upgrade), pay-as-you-go ' +
          'its new hourly price from now on. 422 SPEC_UNCHANGED, PHONE_DISK_SHRINK; 409 while changing.',
        security,
        params: phoneIdParams,
        body: phoneUpgradeBody,
        response: { 200: envelope(phoneUpgradeSchema) },
      },
    },
    async (request) => {
      const change = await upgradePhone(
        deps,
        userIdOf(request),
        request.params.id,
        request.body.spec_id,
        idempotencyKeyOf(request),
      );
      return ok({ order: change.order ? toOrder(change.order) : null, phone: toPhone(change.resource) });
    },
  );

  app.get(
    '/user/ph/order',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's phone orders (purchases, renewals, upgrades), newest first",
        security,
        querystring: phoneOrderListQuery,
        response: { 200: envelope(orderPageSchema) },
      },
    },
    async (request) => ok(await listOrders(db, userIdOf(request), { ...request.query, type: 'phone' })),
  );
};

/** The operators' side of cloud phones: who may use them. */
export const phoneOperatorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.put(
    '/system/customer/:userId/ph_white_user',
    {
      config: { permission: 'system:customer:phone' },
      schema: {
        tags,
        summary:
          'Open (1) or close (0) cloud phones for a customer in the operator’s data scope (404 outside)',
        security,
        params: phWhiteUserParams,
        body: phWhiteUserBody,
        response: { 200: envelope(phWhiteUserSchema) },
      },
    },
    async (request) => {
      const { db } = deps.database;
      // Only customers inside the operator's data scope (RuoYi's checkUserDataScope).
      const scope = await dataScopeCondition(db, authOf(request).userId, 'users');
      return ok(await setPhWhiteUser(db, request.params.userId, request.body.value, scope));
    },
  );
};
