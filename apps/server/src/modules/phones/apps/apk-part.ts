/**
 * The multipart side of an APK upload, shared by the customers' and the operators' routes: the
 * parser is registered with the app centre's routes only, and each request's file limit is the
 * setting read at that moment (so an operator's change applies to the next upload).
 */
import multipart from '@fastify/multipart';
import { APK_FIELD, ErrorCode } from '@cloudbay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { IncomingFile } from '../../files/service';
import { apkUploadLimitMb } from './upload';

export async function registerApkMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });
}

/** The request's APK part with the current limit, or 400 UPLOAD_MISSING. */
export async function apkPartOf(
  db: Db,
  request: FastifyRequest,
): Promise<{ incoming: IncomingFile; limitMb: number }> {
  if (!request.isMultipart()) throw new AppError('validation', ErrorCode.UPLOAD_MISSING);
  const limitMb = await apkUploadLimitMb(db);
  const part = await request.file({ limits: { fileSize: limitMb * 1024 * 1024 } });
  if (!part) throw new AppError('validation', ErrorCode.UPLOAD_MISSING);
  if (part.fieldname !== APK_FIELD) {
    part.file.resume();
    throw new AppError('validation', ErrorCode.UPLOAD_MISSING);
  }
  return {
    incoming: { fileName: part.filename, stream: part.file, truncated: () => part.file.truncated },
    limitMb,
  };
}
