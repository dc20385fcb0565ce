import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import { downloadQuery, ErrorCode, resourceQuery, uploadAnswerSchema } from '@cloudbay/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { authOf } from '../identity/auth-hook';
import { attachmentDisposition, encodeFileName } from './disposition';
import { FILE_TYPES, isUploadableExtension } from './file-types';
import {
  deleteStoredFile,
  ownFile,
  publicImage,
  resourceFile,
  storeUpload,
  UPLOAD_MAX_BYTES,
  type StoredFile,
} from './service';

const tags = ['files'];
const security = [{ bearer: [] }];
/** The multipart field that carries the file (spec §7 Files). */
const FILE_FIELD = 'file';
/** Images get a fresh name on every upload, so a cached copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An SVG opened on its own must not run anything or reach anywhere. */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function sendAttachment(reply: FastifyReply, file: StoredFile) {
  return reply
    .headers({
      'content-type': file.row.mimeType,
      'content-length': file.size,
      'content-disposition': attachmentDisposition(file.row.originalName),
      'download-filename': encodeFileName(file.row.originalName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(createReadStream(file.path));
}

function sendImage(reply: FastifyReply, file: StoredFile) {
  const ext = file.row.extension;
  reply.headers({
    'content-type': isUploadableExtension(ext) ? FILE_TYPES[ext].mime : file.row.mimeType,
    'content-length': file.size,
    'cache-control': IMMUTABLE,
    'x-content-type-options': 'nosniff',
  });
  if (ext === 'svg') reply.header('content-security-policy', SVG_POLICY);
  return reply.send(createReadStream(file.path));
}

/** Uploads and downloads (spec §7 Files) and the public image URLs. */
export const filesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const filesDeps = { db, config: deps.config };

  // Only this plugin parses multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 11,
      headerPairs: 50,
    },
  });

  app.post(
    '/common/upload',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Uploads one file (multipart field `file`)',
        description: `Checked by size (${UPLOAD_MAX_BYTES / 1024 / 1024} MB), extension and content (magic bytes; SVG without active content); png, jpg, gif and webp are decoded and re-encoded without metadata. Answers \`fileName\` at the top level and in \`data\`.`,
        consumes: ['multipart/form-data'],
        security,
        response: { 200: uploadAnswerSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('validation', ErrorCode.UPLOAD_MISSING);
      const part = await request.file();
      if (!part) throw new AppError('validation', ErrorCode.UPLOAD_MISSING);
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        throw new AppError('validation', ErrorCode.UPLOAD_MISSING);
      }
      const data = await storeUpload(filesDeps, authOf(request).userId, {
        fileName: part.filename,
        stream: part.file,
        truncated: () => part.file.truncated,
      });
      return { ...ok(data), fileName: data.fileName };
    },
  );

  app.get(
    '/common/download',
    {
      // delete=true removes the file: then a write (refused to a read-only support session).
      config: { owner: true, writes: (request) => (request.query as { delete?: unknown }).delete === 'true' },
      schema: {
        tags,
        summary: "Downloads one of the caller's files; delete=true removes it once sent",
        description:
          'The original name comes in Content-Disposition and, percent-encoded, in `download-filename`.',
        security,
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const file = await ownFile(filesDeps, authOf(request).userId, request.query.fileName);
      if (request.query.delete) {
        // Only a download that reached the client removes the file; an aborted one keeps it.
        reply.raw.once('finish', () => {
          deleteStoredFile(db, file).catch((err: unknown) =>
            request.log.error({ err }, 'could not delete a downloaded file'),
          );
        });
      }
      return sendAttachment(reply, file);
    },
  );

  app.get(
    '/common/download/resource',
    {
      config: { owner: true },
      schema: {
        tags,
        summary: 'Downloads a stored file by its name or URL (own files; any file with common:file:download)',
        security,
        querystring: resourceQuery,
      },
    },
    async (request, reply) =>
      sendAttachment(reply, await resourceFile(filesDeps, authOf(request).userId, request.query.resource)),
  );

  app.get(
    '/common/files/*',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'An uploaded image, inline (png, jpg, jpeg, gif, webp, svg); other files answer 404',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => sendImage(reply, await publicImage(filesDeps, request.params['*'])),
  );
};
