import {
  adPopupSchema,
  bannerSchema,
  codeTableEntrySchema,
  envelope,
  hotGoodsSchema,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { clientOf } from '../identity/auth-hook';
import { currentAdPopup, listBanners, listCodeTable, listHotGoods } from './service';

const tags = ['content'];
const open = { public: true };

/** The home page's content and the code table: public, in the caller's language. */
export const contentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/banner',
    {
      config: open,
      schema: {
        tags,
        summary: 'The home carousel, in display order',
        response: { 200: envelope(z.array(bannerSchema)) },
      },
    },
    async (request) => ok(await listBanners(db, clientOf(request).language)),
  );

  app.get(
    '/hot_goods',
    {
      config: open,
      schema: {
        tags,
        summary: 'Featured products with their starting price (dollars) and price unit',
        response: { 200: envelope(z.array(hotGoodsSchema)) },
      },
    },
    async (request) => ok(await listHotGoods(db, clientOf(request).language)),
  );

  app.get(
    '/ad_popup',
    {
      config: open,
      schema: {
        tags,
        summary: 'The current home pop-up, or null (the web shows each version once)',
        response: { 200: envelope(adPopupSchema) },
      },
    },
    async (request) => ok(await currentAdPopup(db, clientOf(request).language)),
  );

  app.get(
    '/code_table',
    {
      config: open,
      schema: {
        tags,
        summary:
          'Labels of server codes (pay types, units, billing methods, product types) in both languages',
        response: { 200: envelope(z.array(codeTableEntrySchema)) },
      },
    },
    async () => ok(await listCodeTable(db)),
  );
};
