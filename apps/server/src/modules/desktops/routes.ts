import {
  batchResultSchema,
  desktopAccountsSchema,
  desktopBatchMigrateBody,
  desktopBatchRebuildBody,
  desktopBatchRunStatusBody,
  desktopIdAliasParams,
  desktopIdParams,
  desktopListQuery,
  desktopMigrateBody,
  desktopPageSchema,
  desktopProcessesSchema,
  desktopPurchaseBody,
  desktopPurchaseSchema,
  desktopRenewBody,
  desktopRenewSchema,
  desktopRunStatusBody,
  desktopRunStatusSchema,
  desktopSchema,
  desktopSpecBody,
  desktopSpecSchema,
  desktopSubAccountsSchema,
  desktopUpdateBody,
  envelope,
  exeUrlSchema,
  loginTokenBody,
  loginTokenSchema,
  metricRangeQuery,
  networkFlowSchema,
  realTimeDataSchema,
  regionCountSchema,
  type DesktopStatus,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { idempotencyKeyOf } from '../../http/idempotency';
import { ok } from '../../lib/reply';
import { languageOf, userIdOf } from '../identity/auth-hook';
import { toOrder } from '../orders/service';
import { purchaseDesktops } from '../provisioning/service';
import {
  batchMigrate,
  batchRunStatus,
  desktopAccounts,
  desktopNetworkFlow,
  desktopProcesses,
  desktopRealTimeData,
  desktopRegionCount,
  desktopSubAccounts,
  disconnectDesktop,
  exeUrl,
  listDesktops,
  loginToken,
  migrateDesktop,
  presentDesktop,
  rebuildDesktops,
  renewDesktop,
  runDesktopAction,
  updateDesktop,
} from './service';
import { changeDesktopSpec } from './spec-change';
import { withBindingPermissions } from '../sub-accounts/bound';
import { boundSubAccountOf, subAccountPayerOf } from '../sub-accounts/enforcement';

const tags = ['desktops'];
const security = [{ bearer: [] }];

/** Spec §7 Desktops: the customer's cloud computers, their operations and monitoring. */
export const desktopRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.post(
    '/user/desktop',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Buy cloud computers: the order is charged now, the computers are made in the background',
        description:
          'Send `Idempotency-Key`: a retry answers the same order and computers, charging once. ' +
          'Pay-as-you-go needs one hour of every computer in the balance (422 otherwise).',
        security,
        body: desktopPurchaseBody,
        response: { 200: envelope(desktopPurchaseSchema) },
      },
    },
    async (request) => {
      const bought = await purchaseDesktops(
        deps,
        userIdOf(request),
        request.body,
        `desktop:${idempotencyKeyOf(request)}`,
      );
      return ok({
        order: toOrder(bought.order),
        desktop_ids: bought.resources.map((row) => row.resourceId),
        office_site_id: bought.officeSite.resourceId,
      });
    },
  );

  app.get(
    '/user/desktop',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's cloud computers, newest first, filtered and paged",
        description:
          '`name` matches part of the name (case-insensitive); `expire_from`/`expire_to` bound the ' +
          'subscription end (inclusive). `actions` lists what each computer’s state allows now.',
        security,
        querystring: desktopListQuery,
        response: { 200: envelope(desktopPageSchema) },
      },
    },
    async (request) => {
      const boundTo = boundSubAccountOf(request);
      const page = await listDesktops(db, userIdOf(request), { ...request.query, boundTo });
      return ok(await withBindingPermissions(db, 'desktop', boundTo, page, (desktop) => desktop.desktop_id));
    },
  );

  app.get(
    '/user/desktop/region_count',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Live cloud computers per region (the purchase page defaults to the region with most)',
        security,
        response: { 200: envelope(regionCountSchema) },
      },
    },
    async (request) => ok(await desktopRegionCount(db, userIdOf(request), boundSubAccountOf(request))),
  );

  // ---- Run status

  app.put(
    '/user/desktop/:desktop_id/run_status',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Start, shut down or restart a cloud computer (409 when its status does not allow it)',
        security,
        params: desktopIdParams,
        body: desktopRunStatusBody,
        response: { 200: envelope(desktopRunStatusSchema) },
      },
    },
    async (request) => {
      const row = await runDesktopAction(
        deps,
        userIdOf(request),
        request.params.desktop_id,
        request.body.action,
      );
      return ok({ desktop_id: row.resourceId, status: row.status as DesktopStatus });
    },
  );

  app.put(
    '/user/desktop/run_status',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Start, shut down or restart several cloud computers; one result per computer',
        description:
          'Computers the action cannot run on say why in their entry (code and translated message).',
        security,
        body: desktopBatchRunStatusBody,
        response: { 200: envelope(batchResultSchema) },
      },
    },
    async (request) => ok(await batchRunStatus(deps, userIdOf(request), request.body, languageOf(request))),
  );

  // ---- Editing, renewal, configuration

  app.put(
    '/user/desktop/:desktop_id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Rename a cloud computer, assign its end user, switch auto-renew',
        description: 'Auto-renew is for subscriptions that are not gifts (422 AUTO_RENEW_REFUSED).',
        security,
        params: desktopIdParams,
        body: desktopUpdateBody,
        response: { 200: envelope(desktopSchema) },
      },
    },
    async (request) => {
      const row = await updateDesktop(deps, userIdOf(request), request.params.desktop_id, request.body);
      return ok(await presentDesktop(db, row));
    },
  );

  app.put(
    '/user/desktop/:desktop_id/renew',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Renew a subscription cloud computer for months (the /renewal_price figure is charged)',
        description:
          'Send `Idempotency-Key`: a retry answers the same order. Gifts (RENEWAL_GIFT_REFUSED) and ' +
          'pay-as-you-go (RENEWAL_PAYG_REFUSED) answer 422.',
        security,
        params: desktopIdParams,
        body: desktopRenewBody,
        response: { 200: envelope(desktopRenewSchema) },
      },
    },
    async (request) => {
      const { desktop_id: desktopId } = request.params;
      const renewal = await renewDesktop(
        deps,
        userIdOf(request),
        desktopId,
        request.body.period,
        idempotencyKeyOf(request),
        subAccountPayerOf(request),
      );
      return ok({ order: toOrder(renewal.order), desktop: await presentDesktop(db, renewal.resource) });
    },
  );

  app.post(
    '/user/desktop/:desktop_id/spec',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Change a shut-down cloud computer’s type or grow its system disk',
        description:
          'The price is /user/modify_spec_price’s: a subscription pays the prorated difference now ' +
          '(order action upgrade), pay-as-you-go its new hourly price from now on. 409 unless shut ' +
          'down; 422 SYSTEM_DISK_SHRINK, SPEC_UNCHANGED. Send `Idempotency-Key`.',
        security,
        params: desktopIdParams,
        body: desktopSpecBody,
        response: { 200: envelope(desktopSpecSchema) },
      },
    },
    async (request) => {
      const { desktop_id: desktopId } = request.params;
      const change = await changeDesktopSpec(
        deps,
        userIdOf(request),
        desktopId,
        request.body,
        idempotencyKeyOf(request),
      );
      return ok({
        order: change.order ? toOrder(change.order) : null,
        desktop: await presentDesktop(db, change.resource),
      });
    },
  );

  // ---- Reinstall, migrate, disconnect

  app.put(
    '/user/desktop/batch_rebuild',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Reinstall the system of several cloud computers (running or shut down only)',
        description: 'An `image_id` must be a system image or the caller’s own, of each computer’s platform.',
        security,
        body: desktopBatchRebuildBody,
        response: { 200: envelope(batchResultSchema) },
      },
    },
    async (request) => ok(await rebuildDesktops(deps, userIdOf(request), request.body, languageOf(request))),
  );

  app.post(
    '/user/desktop/:id/migrate',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Move a cloud computer to another office network of its region',
        description: '422 MIGRATE_TARGET_INVALID for a network of another region, its own or one not ready.',
        security,
        params: desktopIdAliasParams,
        body: desktopMigrateBody,
        response: { 200: envelope(desktopSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await migrateDesktop(deps, userIdOf(request), id, request.body.office_site_id);
      return ok(await presentDesktop(db, row));
    },
  );

  app.post(
    '/user/desktop/batch_migrate',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Move several cloud computers to an office network; one result per computer',
        security,
        body: desktopBatchMigrateBody,
        response: { 200: envelope(batchResultSchema) },
      },
    },
    async (request) => ok(await batchMigrate(deps, userIdOf(request), request.body, languageOf(request))),
  );

  app.put(
    '/user/desktop/:desktop_id/disconnect',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'End the client sessions connected to a running cloud computer',
        security,
        params: desktopIdParams,
        response: { 200: envelope(desktopSchema) },
      },
    },
    async (request) => {
      const row = await disconnectDesktop(deps, userIdOf(request), request.params.desktop_id);
      return ok(await presentDesktop(db, row));
    },
  );

  // ---- Accounts and connection

  app.get(
    '/user/desktop/:desktop_id/accounts',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The accounts that log in to a cloud computer, with their connected sessions',
        security,
        params: desktopIdParams,
        response: { 200: envelope(desktopAccountsSchema) },
      },
    },
    async (request) => ok(await desktopAccounts(deps, userIdOf(request), request.params.desktop_id)),
  );

  app.get(
    '/user/desktop/:desktop_id/son_account',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'The sub-accounts bound to a cloud computer',
        security,
        params: desktopIdParams,
        response: { 200: envelope(desktopSubAccountsSchema) },
      },
    },
    async (request) => ok(await desktopSubAccounts(db, userIdOf(request), request.params.desktop_id)),
  );

  app.post(
    '/user/wy_auth/get_login_token',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'A connection ticket for a running cloud computer, and the page that opens it',
        description: '409 DESKTOP_NOT_RUNNING unless it runs. The ticket is valid for a few minutes.',
        security,
        body: loginTokenBody,
        response: { 200: envelope(loginTokenSchema) },
      },
    },
    async (request) =>
      ok(await loginToken(deps, userIdOf(request), request.body.desktop_id, languageOf(request))),
  );

  app.get(
    '/config/EXE_URL',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Where the desktop client is downloaded (operator setting EXE_URL)',
        response: { 200: envelope(exeUrlSchema) },
      },
    },
    async () => ok(await exeUrl(db)),
  );

  // ---- Monitoring

  app.get(
    '/user/desktop/:desktop_id/network_flow',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'A cloud computer’s traffic per minute, 15 minutes or hour (default: the last hour)',
        description:
          '`traffic_price` is what the range’s outbound traffic costs a pay-as-you-go computer. ' +
          `422 VALIDATION_FAILED for an end in the future, a start not before the end, or too many points.`,
        security,
        params: desktopIdParams,
        querystring: metricRangeQuery,
        response: { 200: envelope(networkFlowSchema) },
      },
    },
    async (request) =>
      ok(await desktopNetworkFlow(deps, userIdOf(request), request.params.desktop_id, request.query)),
  );

  app.get(
    '/user/desktop/:desktop_id/real_time_data',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'CPU, memory and disk use and bandwidth of a cloud computer over a range',
        security,
        params: desktopIdParams,
        querystring: metricRangeQuery,
        response: { 200: envelope(realTimeDataSchema) },
      },
    },
    async (request) =>
      ok(await desktopRealTimeData(deps, userIdOf(request), request.params.desktop_id, request.query)),
  );

  app.get(
    '/user/desktop/:id/process',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What runs in a cloud computer now (running only: 409 DESKTOP_NOT_RUNNING)',
        security,
        params: desktopIdAliasParams,
        response: { 200: envelope(desktopProcessesSchema) },
      },
    },
    async (request) => ok(await desktopProcesses(deps, userIdOf(request), request.params.id)),
  );
};
