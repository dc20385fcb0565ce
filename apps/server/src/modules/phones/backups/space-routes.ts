import {
  backupSpaceAutoRenewBody,
  backupSpaceBuyBody,
  backupSpaceExpandBody,
  backupSpaceExpandQuery,
  backupSpaceIdParams,
  backupSpaceOrderSchema,
  backupSpacePageSchema,
  backupSpacePriceQuery,
  backupSpaceRenewBody,
  backupSpaceRenewPriceQuery,
  backupSpaceSchema,
  envelope,
  modifySpecQuoteSchema,
  pageQuery,
  priceQuoteSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { idempotencyKeyOf } from '../../../http/idempotency';
import { ok } from '../../../lib/reply';
import { userIdOf } from '../../identity/auth-hook';
import { toOrder } from '../../orders/service';
import {
  backupSpaceExpandPrice,
  backupSpacePrice,
  backupSpaceRenewPrice,
  buyBackupSpace,
  expandBackupSpace,
  listBackupSpaces,
  renewBackupSpace,
  setBackupSpaceAutoRenew,
  toBackupSpaces,
} from './space';

const tags = ['phone-backups'];
const security = [{ bearer: [] }];

/**
 * Backup space (issue 20, spec §3 Backup space, §5). Registered inside `phoneRoutes`, whose hook
 * refuses customers without the phone flag (403 PHONE_ACCESS_DENIED).
 */
export const backupSpaceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const one = async (row: Parameters<typeof toBackupSpaces>[1][number]) =>
    (await toBackupSpaces(deps, [row]))[0]!;

  app.get(
    '/user/ph/ph_backup_space',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's backup space (one per account) with what its backups take",
        security,
        querystring: pageQuery,
        response: { 200: envelope(backupSpacePageSchema) },
      },
    },
    async (request) => ok(await listBackupSpaces(deps, userIdOf(request), request.query)),
  );

  app.get(
    '/user/ph/ph_backup_space/price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What `size` GiB of backup space costs for months (what the purchase charges)',
        security,
        querystring: backupSpacePriceQuery,
        response: { 200: envelope(priceQuoteSchema) },
      },
    },
    async (request) => ok(await backupSpacePrice(db, request.query)),
  );

  app.post(
    '/user/ph/ph_backup_space',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Buy backup space: 10–5000 GiB in multiples of 10, for months (409 when one exists)',
        security,
        body: backupSpaceBuyBody,
        response: { 200: envelope(backupSpaceOrderSchema) },
      },
    },
    async (request) => {
      const key = `backup-space:${idempotencyKeyOf(request)}`;
      const { order, space } = await buyBackupSpace(deps, userIdOf(request), request.body, key);
      return ok({ order: toOrder(order), space: await one(space) });
    },
  );

  app.get(
    '/user/ph/ph_backup_space/:id/expand_price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What growing the space to `size` GiB costs now (prorated to its expiry)',
        security,
        params: backupSpaceIdParams,
        querystring: backupSpaceExpandQuery,
        response: { 200: envelope(modifySpecQuoteSchema) },
      },
    },
    async (request) =>
      ok(await backupSpaceExpandPrice(deps, userIdOf(request), request.params.id, request.query.size)),
  );

  app.post(
    '/user/ph/ph_backup_space/:id/expand',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Grow the space to `size` GiB (the /expand_price figure; it never shrinks)',
        security,
        params: backupSpaceIdParams,
        body: backupSpaceExpandBody,
        response: { 200: envelope(backupSpaceOrderSchema) },
      },
    },
    async (request) => {
      const { order, resource } = await expandBackupSpace(
        deps,
        userIdOf(request),
        request.params.id,
        request.body.size,
        idempotencyKeyOf(request),
      );
      return ok({ order: order && toOrder(order), space: await one(resource) });
    },
  );

  app.get(
    '/user/ph/ph_backup_space/:id/renew_price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What renewing the space for months costs',
        security,
        params: backupSpaceIdParams,
        querystring: backupSpaceRenewPriceQuery,
        response: { 200: envelope(priceQuoteSchema) },
      },
    },
    async (request) =>
      ok(await backupSpaceRenewPrice(db, userIdOf(request), request.params.id, request.query.period)),
  );

  app.post(
    '/user/ph/ph_backup_space/:id/renew',
    {
      config: { owner: true, idempotent: true },
      schema: {
        tags,
        summary: 'Renew the space for months (the renewal period is required)',
        security,
        params: backupSpaceIdParams,
        body: backupSpaceRenewBody,
        response: { 200: envelope(backupSpaceOrderSchema) },
      },
    },
    async (request) => {
      const renewal = await renewBackupSpace(
        deps,
        userIdOf(request),
        request.params.id,
        request.body.period,
        idempotencyKeyOf(request),
      );
      return ok({ order: toOrder(renewal.order), space: await one(renewal.resource) });
    },
  );

  app.put(
    '/user/ph/ph_backup_space/:id/auto_renew',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "Switch the space's auto-renewal",
        security,
        params: backupSpaceIdParams,
        body: backupSpaceAutoRenewBody,
        response: { 200: envelope(backupSpaceSchema) },
      },
    },
    async (request) => {
      const row = await setBackupSpaceAutoRenew(
        db,
        userIdOf(request),
        request.params.id,
        request.body.auto_renew,
      );
      return ok(await one(row));
    },
  );
};
