import {
  deletedAnswer,
  envelope,
  markNoticeAnswer,
  markNoticeParams,
  pageOf,
  readSysNoticeAnswer,
  readSysNoticeBody,
  sendUserNoticeAnswer,
  sendUserNoticeBody,
  sysNoticeAdminSchema,
  sysNoticeBody,
  sysNoticeIdParams,
  sysNoticeIdsParams,
  sysNoticeListQuery,
  sysNoticeReaderSchema,
  sysNoticeSchema,
  userNoticePageSchema,
  userNoticeQuery,
  pageQuery,
} from '@cloudbay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../lib/reply';
import { authOf, clientOf } from '../identity/auth-hook';
import {
  createSysNotice,
  editSysNotice,
  getSysNotice,
  listSysNoticeReaders,
  listSysNotices,
  listUnreadSysNotices,
  listUserNotices,
  markNotice,
  readSysNotices,
  removeSysNotices,
  sendUserNotice,
} from './service';

const tags = ['notices'];
const security = [{ bearer: [] }];

/** Spec §7 Notices: the customer's notifications and announcements, and the operators' side. */
export const noticeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/user/user_notice',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: "The user's notifications, newest first, with the unread count (no_read_count)",
        security,
        querystring: userNoticeQuery,
        response: { 200: envelope(userNoticePageSchema) },
      },
    },
    async (request) =>
      ok(await listUserNotices(db, authOf(request).userId, request.query, clientOf(request).language)),
  );

  app.put(
    '/user/user_notice/:notice_id',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Marks one notification read, or every one with `all`; answers the unread count',
        security,
        params: markNoticeParams,
        response: { 200: envelope(markNoticeAnswer) },
      },
    },
    async (request) => ok(await markNotice(db, authOf(request).userId, request.params.notice_id)),
  );

  app.get(
    '/user/sys_notice',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Published announcements the user has not read yet (newest first, at most 20)',
        security,
        response: { 200: envelope(z.array(sysNoticeSchema)) },
      },
    },
    async (request) => ok(await listUnreadSysNotices(db, authOf(request).userId, clientOf(request).language)),
  );

  app.post(
    '/user/sys_notice/read',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Records that the user has read announcements',
        security,
        body: readSysNoticeBody,
        response: { 200: envelope(readSysNoticeAnswer) },
      },
    },
    async (request) => ok(await readSysNotices(db, authOf(request).userId, request.body.ids)),
  );

  app.get(
    '/system/notice/list',
    {
      config: { permission: 'system:notice:list' },
      schema: {
        tags,
        summary: 'Announcements, newest first (operators)',
        security,
        querystring: sysNoticeListQuery,
        response: { 200: envelope(pageOf(sysNoticeAdminSchema)) },
      },
    },
    async (request) => ok(await listSysNotices(db, request.query)),
  );

  app.get(
    '/system/notice/:id',
    {
      config: { permission: 'system:notice:query' },
      schema: {
        tags,
        summary: 'One announcement in both languages (operators)',
        security,
        params: sysNoticeIdParams,
        response: { 200: envelope(sysNoticeAdminSchema) },
      },
    },
    async (request) => ok(await getSysNotice(db, request.params.id)),
  );

  app.get(
    '/system/notice/:id/readers',
    {
      config: { permission: 'system:notice:query' },
      schema: {
        tags,
        summary: 'The accounts that have read an announcement and when, latest first (operators)',
        security,
        params: sysNoticeIdParams,
        querystring: pageQuery,
        response: { 200: envelope(pageOf(sysNoticeReaderSchema)) },
      },
    },
    async (request) => ok(await listSysNoticeReaders(db, request.params.id, request.query)),
  );

  app.post(
    '/system/notice',
    {
      // A retried creation must not publish the announcement twice.
      config: { permission: 'system:notice:add', idempotent: true },
      schema: {
        tags,
        summary: 'Creates an announcement; its HTML is cleaned to an allow-list (operators)',
        security,
        body: sysNoticeBody,
        response: { 200: envelope(sysNoticeAdminSchema) },
      },
    },
    async (request) => ok(await createSysNotice(db, authOf(request).userId, request.body)),
  );

  app.put(
    '/system/notice/:id',
    {
      config: { permission: 'system:notice:edit' },
      schema: {
        tags,
        summary: 'Edits an announcement (operators)',
        security,
        params: sysNoticeIdParams,
        body: sysNoticeBody,
        response: { 200: envelope(sysNoticeAdminSchema) },
      },
    },
    async (request) => ok(await editSysNotice(db, request.params.id, request.body)),
  );

  app.delete(
    '/system/notice/:ids',
    {
      config: { permission: 'system:notice:remove' },
      schema: {
        tags,
        summary: 'Deletes announcements by comma-separated ids (operators)',
        security,
        params: sysNoticeIdsParams,
        response: { 200: envelope(deletedAnswer) },
      },
    },
    async (request) => ok(await removeSysNotices(db, request.params.ids)),
  );

  app.post(
    '/system/user_notice',
    {
      // A retried send must not fill every customer's inbox twice.
      config: { permission: 'system:notice:add', idempotent: true },
      schema: {
        tags,
        summary: 'Sends a notification to one customer (user_id) or to every customer (operators)',
        security,
        body: sendUserNoticeBody,
        response: { 200: envelope(sendUserNoticeAnswer) },
      },
    },
    async (request) => ok(await sendUserNotice(db, request.body)),
  );
};
