import {
  adminAdPopupBody,
  adminAdPopupPageSchema,
  adminAdPopupSchema,
  adminBannerBody,
  adminBannerPageSchema,
  adminBannerSchema,
  adminCodeTableBody,
  adminCodeTablePageSchema,
  adminCodeTableSchema,
  adminCodeTableUpdateBody,
  adminHotGoodsBody,
  adminHotGoodsPageSchema,
  adminHotGoodsSchema,
  adminSupportChannelsBody,
  adminSupportChannelsSchema,
  codeTableKeyParams,
  contentEnabledBody,
  contentIdParams,
  contentListQuery,
  deletedAnswer,
  envelope,
  type ContentKind,
} from '@cloudbay/contracts';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { ok } from '../../../lib/reply';
import { systemRoute } from '../../system/route-options';
import {
  adPopupContent,
  bannerContent,
  createCodeTableEntry,
  editCodeTableEntry,
  getSupportChannels,
  hotGoodsContent,
  pageCodeTable,
  removeCodeTableEntry,
  saveSupportChannels,
  type ContentQuery,
} from './service';

const route = systemRoute('business-content');
const BASE = '/business/content';

interface KindRoutes<Body extends z.ZodType> {
  kind: ContentKind;
  body: Body;
  item: z.ZodType;
  page: z.ZodType;
  crud: {
    page(db: Db, query: ContentQuery): Promise<unknown>;
    get(db: Db, id: number): Promise<unknown>;
    create(db: Db, input: z.output<Body>): Promise<unknown>;
    update(db: Db, id: number, input: z.output<Body>): Promise<unknown>;
    setEnabled(db: Db, id: number, enabled: boolean): Promise<unknown>;
    remove(db: Db, id: number): Promise<{ deleted: number }>;
  };
}

/** The six routes of one row kind (list, one, add, edit, enable, delete), each behind its button. */
function registerKind<Body extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  db: Db,
  { kind, body, item, page, crud }: KindRoutes<Body>,
) {
  const path = `${BASE}/${kind}`;
  app.get(
    path,
    route('business:content:list', {
      summary: `Content ${kind}: paged, by keyword (both languages) and enabled`,
      querystring: contentListQuery,
      response: { 200: envelope(page) },
    }),
    async (request) => ok(await crud.page(db, request.query)),
  );
  app.get(
    `${path}/:id`,
    route('business:content:list', {
      summary: `One ${kind}`,
      params: contentIdParams,
      response: { 200: envelope(item) },
    }),
    async (request) => ok(await crud.get(db, request.params.id)),
  );
  app.post(
    path,
    route(
      'business:content:add',
      { summary: `Adds a ${kind}`, body, response: { 200: envelope(item) } },
      { idempotent: true },
    ),
    async (request) => ok(await crud.create(db, request.body as z.output<Body>)),
  );
  app.put(
    `${path}/:id`,
    route('business:content:edit', {
      summary: `Edits a ${kind}`,
      params: contentIdParams,
      body,
      response: { 200: envelope(item) },
    }),
    async (request) => ok(await crud.update(db, request.params.id, request.body as z.output<Body>)),
  );
  app.put(
    `${path}/:id/enabled`,
    route('business:content:edit', {
      summary: `Shows or hides a ${kind} for customers`,
      params: contentIdParams,
      body: contentEnabledBody,
      response: { 200: envelope(item) },
    }),
    async (request) => ok(await crud.setEnabled(db, request.params.id, request.body.enabled)),
  );
  app.delete(
    `${path}/:id`,
    route('business:content:remove', {
      summary: `Deletes a ${kind}`,
      params: contentIdParams,
      response: { 200: envelope(deletedAnswer) },
    }),
    async (request) => ok(await crud.remove(db, request.params.id)),
  );
}

/**
 * The operators' content pages: what customers see on their home page and in the support widget.
 * Customers' routes read the same rows at each request, so every change here is live at once.
 */
export const businessContentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  registerKind(app, db, {
    kind: 'banner',
    body: adminBannerBody,
    item: adminBannerSchema,
    page: adminBannerPageSchema,
    crud: bannerContent,
  });
  registerKind(app, db, {
    kind: 'hot_goods',
    body: adminHotGoodsBody,
    item: adminHotGoodsSchema,
    page: adminHotGoodsPageSchema,
    crud: hotGoodsContent,
  });
  registerKind(app, db, {
    kind: 'ad_popup',
    body: adminAdPopupBody,
    item: adminAdPopupSchema,
    page: adminAdPopupPageSchema,
    crud: adPopupContent,
  });

  app.get(
    `${BASE}/code_table`,
    route('business:content:list', {
      summary: 'The code table: labels of server codes, paged, by keyword',
      querystring: contentListQuery,
      response: { 200: envelope(adminCodeTablePageSchema) },
    }),
    async (request) => ok(await pageCodeTable(db, request.query)),
  );
  app.post(
    `${BASE}/code_table`,
    route(
      'business:content:add',
      {
        summary: 'Adds a code-table entry (409 when the key exists)',
        body: adminCodeTableBody,
        response: { 200: envelope(adminCodeTableSchema) },
      },
      { idempotent: true },
    ),
    async (request) => ok(await createCodeTableEntry(db, request.body)),
  );
  app.put(
    `${BASE}/code_table/:key`,
    route('business:content:edit', {
      summary: "Edits a code-table entry's labels and order (the key stays)",
      params: codeTableKeyParams,
      body: adminCodeTableUpdateBody,
      response: { 200: envelope(adminCodeTableSchema) },
    }),
    async (request) => ok(await editCodeTableEntry(db, request.params.key, request.body)),
  );
  app.delete(
    `${BASE}/code_table/:key`,
    route('business:content:remove', {
      summary: 'Deletes a code-table entry (409 while hot goods use it as their unit)',
      params: codeTableKeyParams,
      response: { 200: envelope(deletedAnswer) },
    }),
    async (request) => ok(await removeCodeTableEntry(db, request.params.key)),
  );

  app.get(
    `${BASE}/support_channels`,
    route('business:content:list', {
      summary: "The support widget's channels (the public setting SUPPORT_CHANNELS)",
      response: { 200: envelope(adminSupportChannelsSchema) },
    }),
    async () => ok(await getSupportChannels(db)),
  );
  app.put(
    `${BASE}/support_channels`,
    route('business:content:edit', {
      summary: "Replaces the support widget's channels (at most 8, unique keys)",
      body: adminSupportChannelsBody,
      response: { 200: envelope(adminSupportChannelsSchema) },
    }),
    async (request) => ok(await saveSupportChannels(db, request.body.channels)),
  );
};
