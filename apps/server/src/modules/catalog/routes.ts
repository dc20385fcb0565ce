import {
  bundleDetailQuery,
  bundleDetailSchema,
  bundleQuery,
  bundleSchema,
  bundleTypeSchema,
  describePriceQuery,
  desktopImagePageSchema,
  desktopImageQuery,
  desktopImageSchema,
  desktopTypeQuery,
  desktopTypeSchema,
  envelope,
  modifySpecPriceQuery,
  modifySpecQuoteSchema,
  networkCostQuery,
  networkCostSchema,
  networkUnitPriceSchema,
  ownDesktopImageQuery,
  periodDiscountSchema,
  phonePriceQuery,
  phoneSpecQuery,
  phoneSpecSchema,
  phoneUnitPriceSchema,
  platformTypeOptionSchema,
  priceQuoteSchema,
  regionQuery,
  regionSchema,
  renewalPriceQuery,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { authOf, clientOf } from '../identity/auth-hook';
import {
  bundleDetails,
  listBundles,
  listBundleTypes,
  listDesktopTypes,
  listOwnImages,
  listPeriodDiscounts,
  listPhoneSpecs,
  listPickerImages,
  listRegions,
  listSystemImages,
  networkCost,
  networkUnitPrice,
  phoneUnitPrice,
  platformTypes,
  quoteDesktopModification,
  quoteDesktopPurchase,
  quoteDesktopRenewal,
  quotePhonePurchase,
  toModifySpecQuote,
  toPriceQuote,
} from './service';

const tags = ['catalog'];
const open = { public: true };
const security = [{ bearer: [] }];
const regionList = { 200: envelope(z.array(regionSchema)) };
const quoteAnswer = { 200: envelope(priceQuoteSchema) };

/**
 * The catalogue and its prices (spec §7 Desktops and Cloud phone price calls): public, except the
 * /user/* calls, which need a session. Names follow Accept-Language; prices are the pricing
 * module's, the same figures a purchase charges.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const language = (request: Parameters<typeof clientOf>[0]) => clientOf(request).language;

  app.get(
    '/describe_regions',
    {
      config: open,
      schema: { tags, summary: 'Regions where cloud desktops are sold', response: regionList },
    },
    async (request) => ok(await listRegions(db, 'desktop', language(request))),
  );

  app.get(
    '/ph/regions',
    {
      config: open,
      schema: { tags, summary: 'Regions where cloud phones are sold', response: regionList },
    },
    async (request) => ok(await listRegions(db, 'phone', language(request))),
  );

  // ---- Desktop bundles, types and images

  app.get(
    '/bundles_type',
    {
      config: open,
      schema: {
        tags,
        summary: 'Bundle families (general, performance, graphics)',
        response: { 200: envelope(z.array(bundleTypeSchema)) },
      },
    },
    async (request) => ok(await listBundleTypes(db, language(request))),
  );

  app.get(
    '/desktop_types',
    {
      config: open,
      schema: {
        tags,
        summary: 'Desktop instance types with their prices (no system disk) in a region',
        querystring: desktopTypeQuery,
        response: { 200: envelope(z.array(desktopTypeSchema)) },
      },
    },
    async (request) => ok(await listDesktopTypes(db, request.query)),
  );

  app.get(
    '/describe_bundles',
    {
      config: open,
      schema: {
        tags,
        summary: 'Desktop bundles on sale with their prices (default system disk) in a region',
        querystring: bundleQuery,
        response: { 200: envelope(z.array(bundleSchema)) },
      },
    },
    async (request) => ok(await listBundles(db, request.query, language(request))),
  );

  app.get(
    '/user/bundles/details',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'One bundle on sale with its default image',
        security,
        querystring: bundleDetailQuery,
        response: { 200: envelope(bundleDetailSchema) },
      },
    },
    async (request) => ok(await bundleDetails(db, request.query, language(request))),
  );

  app.get(
    '/desktop_image',
    {
      config: open,
      schema: {
        tags,
        summary: 'System images, optionally of one platform or region',
        querystring: desktopImageQuery,
        response: { 200: envelope(z.array(desktopImageSchema)) },
      },
    },
    async (request) => ok(await listSystemImages(db, request.query, language(request))),
  );

  app.get(
    '/user/desktop_image',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The customer's own images, newest first",
        security,
        querystring: ownDesktopImageQuery,
        response: { 200: envelope(desktopImagePageSchema) },
      },
    },
    async (request) => ok(await listOwnImages(db, authOf(request).userId, request.query, language(request))),
  );

  app.get(
    '/user/desktop_image/v2',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The purchase picker's images: system images, then the customer's own",
        security,
        querystring: desktopImageQuery,
        response: { 200: envelope(z.array(desktopImageSchema)) },
      },
    },
    async (request) =>
      ok(await listPickerImages(db, authOf(request).userId, request.query, language(request))),
  );

  app.get(
    '/user/desktop_image/platform_type',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Image platforms ({ value, label })',
        security,
        response: { 200: envelope(z.array(platformTypeOptionSchema)) },
      },
    },
    async () => ok(platformTypes()),
  );

  app.get(
    '/user/u_period_discount',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Subscription periods and their discounts (0.9 = 10 % off; ph_discount for phones)',
        security,
        response: { 200: envelope(z.array(periodDiscountSchema)) },
      },
    },
    async () => ok(await listPeriodDiscounts(db)),
  );

  // ---- Desktop prices

  app.get(
    '/describe_price',
    {
      config: open,
      schema: {
        tags,
        summary: 'What buying desktops of a bundle or type costs',
        querystring: describePriceQuery,
        response: quoteAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const { quote } = await quoteDesktopPurchase(db, {
        regionId: q.region_id,
        bundleId: q.bundle_id,
        desktopType: q.desktop_type,
        systemDiskGib: q.system_disk,
        billingMethod: q.billing_method,
        period: q.period,
        quantity: q.quantity,
      });
      return ok(toPriceQuote(quote));
    },
  );

  app.get(
    '/renewal_price',
    {
      config: open,
      schema: {
        tags,
        summary: 'What renewing desktops of a spec costs (today’s monthly price × months × discount)',
        querystring: renewalPriceQuery,
        response: quoteAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const spec = { regionId: q.region_id, desktopType: q.desktop_type, systemDiskGib: q.system_disk };
      return ok(toPriceQuote(await quoteDesktopRenewal(db, spec, q.period, q.quantity)));
    },
  );

  app.get(
    '/user/modify_spec_price',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What changing a desktop’s type or system disk costs, prorated to its expiry',
        security,
        querystring: modifySpecPriceQuery,
        response: { 200: envelope(modifySpecQuoteSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const quote = await quoteDesktopModification(db, {
        current: { regionId: q.region_id, desktopType: q.desktop_type, systemDiskGib: q.system_disk },
        next: {
          desktopType: q.new_desktop_type ?? q.desktop_type,
          systemDiskGib: q.new_system_disk ?? q.system_disk,
        },
        billingMethod: q.billing_method,
        expiresAt: q.expire_time === undefined ? null : new Date(q.expire_time),
        now: deps.clock.now(),
      });
      return ok(toModifySpecQuote(quote));
    },
  );

  // ---- Networks

  app.get(
    '/network_unit_price',
    {
      config: open,
      schema: {
        tags,
        summary: 'Bandwidth (per Mbps and month) and traffic (per GB) prices in a region',
        querystring: regionQuery,
        response: { 200: envelope(networkUnitPriceSchema) },
      },
    },
    async (request) => ok(await networkUnitPrice(db, request.query.region_id)),
  );

  app.get(
    '/user/network_cost',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'What an office network of a bandwidth costs in a region, and its traffic price',
        security,
        querystring: networkCostQuery,
        response: { 200: envelope(networkCostSchema) },
      },
    },
    async (request) => ok(await networkCost(db, request.query)),
  );

  // ---- Cloud phones

  app.get(
    '/ph/spec',
    {
      config: open,
      schema: {
        tags,
        summary: 'Cloud phone specs with their prices in a phone region',
        querystring: phoneSpecQuery,
        response: { 200: envelope(z.array(phoneSpecSchema)) },
      },
    },
    async (request) => ok(await listPhoneSpecs(db, request.query, language(request))),
  );

  app.get(
    '/ph/unit_price',
    {
      config: open,
      schema: {
        tags,
        summary: 'EIP bandwidth, phone network, backup space and traffic prices in a phone region',
        querystring: regionQuery,
        response: { 200: envelope(phoneUnitPriceSchema) },
      },
    },
    async (request) => ok(await phoneUnitPrice(db, request.query.region_id, language(request))),
  );

  app.get(
    '/ph/ph_price',
    {
      config: open,
      schema: {
        tags,
        summary: 'What buying cloud phones of a spec costs (subscriptions take ph_discount)',
        querystring: phonePriceQuery,
        response: quoteAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const quote = await quotePhonePurchase(db, {
        regionId: q.region_id,
        specId: q.spec_id,
        billingMethod: q.billing_method,
        period: q.period,
        quantity: q.quantity,
      });
      return ok(toPriceQuote(quote));
    },
  );
};
