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

const tags = ['system-post'];
const security = [{ bearer: [] }];

/** Posts (RuoYi `/system/post`): job titles operators hold. */
export const postRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  acceptFormBodies(app);

  app.get(
    '/system/post/list',
    {
      config: { permission: 'system:post:list' },
      schema: {
        tags,
        summary: 'Posts, paged, filtered by code, name and status',
        security,
        querystring: postListQuery,
        response: { 200: envelope(pageOf(postSchema)) },
      },
    },
    async (request) => ok(await pagePosts(db, request.query)),
  );

  app.get(
    '/system/post/:id',
    {
      config: { permission: 'system:post:query' },
      schema: {
        tags,
        summary: 'One post',
        security,
        params: numericIdParams,
        response: { 200: envelope(postSchema) },
      },
    },
    async (request) => ok(await getPost(db, request.params.id)),
  );

  app.post(
    '/system/post',
    {
      config: { permission: 'system:post:add' },
      schema: {
        tags,
        summary: 'Adds a post; code and name are unique (409)',
        security,
        body: postBody,
        response: { 200: envelope(postSchema) },
      },
    },
    async (request) => ok(await createPost(db, request.body)),
  );

  app.put(
    '/system/post',
    {
      config: { permission: 'system:post:edit' },
      schema: {
        tags,
        summary: 'Edits a post (its id is postId in the body)',
        security,
        body: postUpdateBody,
        response: { 200: envelope(postSchema) },
      },
    },
    async (request) => {
      const { postId, ...input } = request.body;
      return ok(await editPost(db, postId, input));
    },
  );

  app.delete(
    '/system/post/:ids',
    {
      config: { permission: 'system:post:remove' },
      schema: {
        tags,
        summary: 'Deletes posts (ids separated by commas); none when any is held by an account (409)',
        security,
        params: idListParams,
        response: { 200: envelope(deletedAnswer) },
      },
    },
    async (request) => ok(await removePosts(db, request.params.ids.split(',').map(Number))),
  );

  app.post(
    '/system/post/export',
    {
      config: { permission: 'system:post:export' },
      schema: {
        tags,
        summary: 'The posts matching the filters as XLSX (default) or CSV',
        description: 'Form-encoded body; titles follow Accept-Language, times `time_zone`.',
        security,
        consumes: [FORM_CONTENT_TYPE],
        body: postExportBody,
      },
    },
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
