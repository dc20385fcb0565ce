import {
  catalogBundlePage,
  catalogBundlePatch,
  catalogBundleSchema,
  catalogBundleTypePage,
  catalogBundleTypePatch,
  catalogBundleTypeSchema,
  catalogDesktopTypePage,
  catalogDesktopTypePatch,
  catalogDesktopTypeSchema,
  catalogDiscountPage,
  catalogDiscountPatch,
  catalogDiscountSchema,
  catalogIdParams,
  catalogImagePage,
  catalogImagePatch,
  catalogImageSchema,
  catalogListQuery,
  catalogMarkupPatch,
  catalogMarkupSchema,
  catalogPhoneImagePage,
  catalogPhoneImagePatch,
  catalogPhoneImageSchema,
  catalogPhoneSpecPage,
  catalogPhoneSpecPatch,
  catalogPhoneSpecSchema,
  catalogPreviewBody,
  catalogPreviewSchema,
  catalogRegionPage,
  catalogRegionPatch,
  catalogRegionSchema,
  catalogUnitPricePage,
  catalogUnitPricePatch,
  catalogUnitPriceSchema,
  envelope,
  type CatalogChange,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { operatorRoute } from '../../../http/operator-route';
import { ok } from '../../../lib/reply';
import { clientOf } from '../../identity/auth-hook';
import type { CatalogTableArea } from './repo';
import { applyCatalogChange, getMarkup, pageCatalog, previewCatalogChange, saveMarkup } from './service';

const TAG = 'business-catalog';
const LIST = 'business:catalog:list';
const EDIT = 'business:catalog:edit';

/** Each table area: its path segment, row, page and patch schemas. */
const AREAS: {
  area: CatalogTableArea;
  path: string;
  name: string;
  row: z.ZodType;
  page: z.ZodType;
  patch: z.ZodType;
}[] = [
  {
    area: 'region',
    path: 'region',
    name: 'Regions',
    row: catalogRegionSchema,
    page: catalogRegionPage,
    patch: catalogRegionPatch,
  },
  {
    area: 'bundleType',
    path: 'bundle-type',
    name: 'Desktop bundle families',
    row: catalogBundleTypeSchema,
    page: catalogBundleTypePage,
    patch: catalogBundleTypePatch,
  },
  {
    area: 'bundle',
    path: 'bundle',
    name: 'Desktop bundle presets',
    row: catalogBundleSchema,
    page: catalogBundlePage,
    patch: catalogBundlePatch,
  },
  {
    area: 'desktopType',
    path: 'desktop-type',
    name: 'Desktop types (upstream cost)',
    row: catalogDesktopTypeSchema,
    page: catalogDesktopTypePage,
    patch: catalogDesktopTypePatch,
  },
  {
    area: 'image',
    path: 'image',
    name: 'System images',
    row: catalogImageSchema,
    page: catalogImagePage,
    patch: catalogImagePatch,
  },
  {
    area: 'phoneSpec',
    path: 'phone-spec',
    name: 'Phone specs (upstream cost)',
    row: catalogPhoneSpecSchema,
    page: catalogPhoneSpecPage,
    patch: catalogPhoneSpecPatch,
  },
  {
    area: 'phoneImage',
    path: 'phone-image',
    name: 'Phone images',
    row: catalogPhoneImageSchema,
    page: catalogPhoneImagePage,
    patch: catalogPhoneImagePatch,
  },
  {
    area: 'discount',
    path: 'discount',
    name: 'Period discounts',
    row: catalogDiscountSchema,
    page: catalogDiscountPage,
    patch: catalogDiscountPatch,
  },
  {
    area: 'unitPrice',
    path: 'unit-price',
    name: 'Unit prices (upstream cost)',
    row: catalogUnitPriceSchema,
    page: catalogUnitPricePage,
    patch: catalogUnitPricePatch,
  },
];

/**
 * The operators' catalogue (issue 18): `GET …/<area>/list` pages every row (enabled or not),
 * `PUT …/<area>/:id` saves one edit and answers the row as saved, the markup is one setting, and
 * `POST …/preview` quotes a configuration now and with a pending edit. Edits reach new quotes only
 * (see service.ts).
 */
export const businessCatalogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, pool } = deps.database;

  for (const { area, path, name, row, page, patch } of AREAS) {
    app.get(
      `/business/catalog/${path}/list`,
      operatorRoute(TAG, LIST, {
        summary: `${name}, paged`,
        querystring: catalogListQuery,
        response: { 200: envelope(page) },
      }),
      async (request) => ok(await pageCatalog(db, area, request.query)),
    );
    app.put(
      `/business/catalog/${path}/:id`,
      operatorRoute(TAG, EDIT, {
        summary: `Edits one of the ${name.toLowerCase()}; affects new quotes only`,
        params: catalogIdParams,
        body: patch,
        response: { 200: envelope(row) },
      }),
      async (request) =>
        ok(
          await applyCatalogChange(db, {
            area,
            id: request.params.id,
            patch: request.body,
          } as CatalogChange),
        ),
    );
  }

  app.get(
    '/business/catalog/markup',
    operatorRoute(TAG, LIST, {
      summary: 'The markup on upstream costs, in percent',
      response: { 200: envelope(catalogMarkupSchema) },
    }),
    async () => ok(await getMarkup(db)),
  );

  app.put(
    '/business/catalog/markup',
    operatorRoute(TAG, EDIT, {
      summary: 'Sets the markup on upstream costs (0–1000 %); affects new quotes only',
      body: catalogMarkupPatch,
      response: { 200: envelope(catalogMarkupSchema) },
    }),
    async (request) => ok(await saveMarkup(db, request.body)),
  );

  app.post(
    '/business/catalog/preview',
    operatorRoute(
      TAG,
      EDIT,
      {
        summary: "A customer's quote of a configuration now and with a pending edit (nothing is saved)",
        body: catalogPreviewBody,
        response: { 200: envelope(catalogPreviewSchema) },
      },
      // Reads only: logged as "other", not as an insert.
      { log: { businessType: 'other' } },
    ),
    async (request) => ok(await previewCatalogChange(db, pool, request.body, clientOf(request).language)),
  );
};
