import {
  deletedAnswer,
  envelope,
  idListParams,
  numericIdParams,
  pageOf,
  postBody,
  postExportBody,
  postListQuery,
  postSchema,
  postUpdateBody,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps';
import { FORM_CONTENT_TYPE, acceptFormBodies, exportSettings, sendDownload } from '../../../http/csv-reply';
import { clientOf } from '../../identity/auth-hook';
import { ok } from '../../../lib/reply';
import { SHEET_CONTENT_TYPES } from '../../../lib/sheet-export';
import { createPost, editPost, exportPosts, getPost, pagePosts, removePosts } from './service';
import { systemRoute } from '../route-options';

const route = systemRoute('system-post');

/** Posts (RuoYi `/system/post`): job titles operators hold. */
export const postRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  acceptFormBodies(app);

  app.get(
    '/system/post/list',
    route('system:post:list', {
      summary: 'Posts, paged, filtered by code, name and status',
      querystring: postListQuery,
      response: { 200: envelope(pageOf(postSchema)) },
    }),
    async (request) => ok(await pagePosts(db, request.query)),
  );

  app.get(
    '/system/post/:id',
    route('system:post:query', {
      summary: 'One post',
      params: numericIdParams,
      response: { 200: envelope(postSchema) },
    }),
    async (request) => ok(await getPost(db, request.params.id)),
  );

  app.post(
    '/system/post',
    route('system:post:add', {
      summary: 'Adds a post; code and name are unique (409)',
      body: postBody,
      response: { 200: envelope(postSchema) },
    }),
    async (request) => ok(await createPost(db, request.body)),
  );

  app.put(
    '/system/post',
    route('system:post:edit', {
      summary: 'Edits a post (its id is postId in the body)',
      body: postUpdateBody,
      response: { 200: envelope(postSchema) },
    }),
    async (request) => {
      const { postId, ...input } = request.body;
      return ok(await editPost(db, postId, input));
    },
  );

  app.delete(
    '/system/post/:ids',
    route('system:post:remove', {
      summary: 'Deletes posts (ids separated by commas); none when any is held by an account (409)',
      params: idListParams,
      response: { 200: envelope(deletedAnswer) },
    }),
    async (request) => ok(await removePosts(db, request.params.ids.split(',').map(Number))),
  );

  app.post(
    '/system/post/export',
    route('system:post:export', {
      summary: 'The posts matching the filters as XLSX (default) or CSV',
      description: 'Form-encoded body; titles follow Accept-Language, times `time_zone`.',
      consumes: [FORM_CONTENT_TYPE],
      body: postExportBody,
    }),
    async (request, reply) => {
      const { filter, timeZone } = exportSettings(request.body);
      const { format, ...filters } = filter;
      const exported = await exportPosts(db, filters, {
        format,
        language: clientOf(request).language,
        timeZone,
        now: deps.clock.now(),
      });
      return sendDownload(reply, exported, SHEET_CONTENT_TYPES[format]);
    },
  );
};
