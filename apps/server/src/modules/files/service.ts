/**
 * Uploads and downloads (spec §5 Uploads, §7 Files): files are checked by size, extension and
 * content before they are kept, belong to the user who uploaded them, and only images are served
 * without a session.
 */
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  STORED_FILE_NAME,
  UPLOAD_MAX_MB,
  UPLOADABLE_EXTENSIONS,
  type UploadableExtension,
  type UploadedFile,
} from '@cloudbay/contracts';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hasPermission, loadGrants } from '../identity/access';
import {
  extensionOf,
  FILE_TYPES,
  IMAGE_EXTENSIONS,
  isImageExtension,
  isUploadableExtension,
} from './file-types';
import { isRasterExtension, reencodeImage } from './image-reencode';
import { contentMatches, HEAD_BYTES } from './magic-bytes';
import {
  deleteUploadedFile,
  findOwnedFile,
  findUploadedFile,
  insertUploadedFile,
  type UploadedFileRow,
} from './repo';
import {
  moveIntoPlace,
  newStoredName,
  readHead,
  readWhole,
  receiveToTemp,
  removeQuietly,
  storedPath,
  storedSize,
  uploadsRoot,
  writeToTemp,
  type ReceivedFile,
} from './storage';

type FilesDeps = { db: Db; config: Pick<Config, 'DATA_DIR'> };

/** Users with this permission (operators) may download any user's file by its name or URL. */
export const DOWNLOAD_ANY_FILE_PERMISSION = 'common:file:download';
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
const FILES_URL_PREFIX = '/api/common/files/';
const ORIGINAL_NAME_MAX = 200;

/** Where a stored file is served to <img src> (images only, see `publicImage`). */
export function fileUrl(fileName: string): string {
  return `${FILES_URL_PREFIX}${fileName}`;
}

/** The client's file name without folders or control characters, cut to a length worth showing. */
export function cleanOriginalName(name: string, ext: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const chars = [...base];
  if (chars.length === 0) return `file.${ext}`;
  if (chars.length <= ORIGINAL_NAME_MAX) return base;
  // Keep the extension visible when a very long name is cut.
  return `${chars.slice(0, ORIGINAL_NAME_MAX - ext.length - 1).join('')}.${ext}`;
}

/** An incoming multipart file: the client's name, the byte stream, and whether the size limit cut it. */
export interface IncomingFile {
  fileName: string;
  stream: Readable;
  truncated: () => boolean;
}

const tooLarge = () =>
  new AppError('payload_too_large', ErrorCode.UPLOAD_TOO_LARGE, { limit: UPLOAD_MAX_MB });
const notFound = () => new AppError('not_found', ErrorCode.FILE_NOT_FOUND);

/** The multipart parser's error when a file passes the size limit mid-stream. */
const isSizeLimitError = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

async function contentFits(ext: UploadableExtension, filePath: string): Promise<boolean> {
  const bytes = FILE_TYPES[ext].text ? await readWhole(filePath) : await readHead(filePath, HEAD_BYTES);
  return contentMatches(ext, bytes);
}

/** Replaces a received raster image by its re-encoded copy; neither temporary file outlives a failure. */
async function reencodeReceived(
  root: string,
  ext: UploadableExtension,
  received: ReceivedFile,
): Promise<ReceivedFile> {
  try {
    return await writeToTemp(root, await reencodeImage(ext, await readWhole(received.tempPath)));
  } finally {
    await removeQuietly(received.tempPath);
  }
}

/**
 * Receives one upload: extension allowed, size within UPLOAD_MAX_MB, content matching the
 * extension, raster images decoded and re-encoded; then it gets a generated name and a row owned
 * by `ownerId`. Whatever fails, no partial file stays behind.
 */
export async function storeUpload(
  deps: FilesDeps,
  ownerId: number,
  incoming: IncomingFile,
): Promise<UploadedFile> {
  const ext = extensionOf(incoming.fileName);
  if (!isUploadableExtension(ext)) {
    // Let the parser read past the refused file so the answer can go out.
    incoming.stream.resume();
    throw new AppError('unsupported_media_type', ErrorCode.UPLOAD_TYPE_NOT_ALLOWED, {
      types: UPLOADABLE_EXTENSIONS.join(', '),
    });
  }
  const root = uploadsRoot(deps.config.DATA_DIR);
  let received: ReceivedFile;
  try {
    received = await receiveToTemp(root, incoming.stream);
  } catch (error) {
    throw isSizeLimitError(error) ? tooLarge() : error;
  }
  try {
    if (incoming.truncated()) throw tooLarge();
    if (received.size === 0) throw new AppError('validation', ErrorCode.UPLOAD_MISSING);
    if (!(await contentFits(ext, received.tempPath))) {
      throw new AppError('unsupported_media_type', ErrorCode.UPLOAD_CONTENT_MISMATCH, { ext });
    }
  } catch (error) {
    await removeQuietly(received.tempPath);
    throw error;
  }
  // What is kept (and its size and hash in the row) is the re-encoded image, not what was sent.
  if (isRasterExtension(ext)) received = await reencodeReceived(root, ext, received);
  const { tempPath, size, sha256 } = received;

  const fileName = newStoredName(ext);
  const finalPath = storedPath(root, fileName)!;
  const originalName = cleanOriginalName(incoming.fileName, ext);
  try {
    await moveIntoPlace(tempPath, finalPath);
    await insertUploadedFile(deps.db, {
      fileName,
      originalName,
      extension: ext,
      mimeType: FILE_TYPES[ext].mime,
      size,
      sha256,
      ownerId,
    });
  } catch (error) {
    await Promise.all([removeQuietly(tempPath), removeQuietly(finalPath)]);
    throw error;
  }
  return { fileName, url: fileUrl(fileName), originalName, size };
}

/** A stored file ready to send: its row, where it is on disk and its current size. */
export interface StoredFile {
  row: UploadedFileRow;
  path: string;
  size: number;
}

/** The row's bytes on disk; a row whose file is gone answers 404 like an unknown name. */
async function onDisk(deps: FilesDeps, row: UploadedFileRow | undefined): Promise<StoredFile> {
  const filePath = row && storedPath(uploadsRoot(deps.config.DATA_DIR), row.fileName);
  const size = filePath ? await storedSize(filePath) : undefined;
  if (!row || !filePath || size === undefined) throw notFound();
  return { row, path: filePath, size };
}

/** GET /common/download: one of the caller's own files. */
export async function ownFile(deps: FilesDeps, userId: number, fileName: string): Promise<StoredFile> {
  return onDisk(deps, await findOwnedFile(deps.db, fileName, userId));
}

/** A stored name from a `resource`: the name itself or its files URL (with or without origin). */
export function storedNameOfResource(resource: string): string {
  const withoutOrigin = resource.trim().replace(/^https?:\/\/[^/]+/i, '');
  const withoutQuery = withoutOrigin.split(/[?#]/)[0] ?? '';
  return withoutQuery.startsWith(FILES_URL_PREFIX)
    ? withoutQuery.slice(FILES_URL_PREFIX.length)
    : withoutQuery;
}

/**
 * GET /common/download/resource: the owner's file, or anyone's for operators allowed to download
 * any file. Others get the same 404 as for a missing file, so names cannot be probed.
 */
export async function resourceFile(deps: FilesDeps, userId: number, resource: string): Promise<StoredFile> {
  const fileName = storedNameOfResource(resource);
  const row = STORED_FILE_NAME.test(fileName) ? await findUploadedFile(deps.db, fileName) : undefined;
  if (!row) throw notFound();
  if (
    row.ownerId !== userId &&
    !hasPermission(await loadGrants(deps.db, userId), DOWNLOAD_ANY_FILE_PERMISSION)
  ) {
    throw notFound();
  }
  return onDisk(deps, row);
}

/** GET /common/files/…: an uploaded image, for anyone (other types need the authenticated download). */
export async function publicImage(deps: FilesDeps, fileName: string): Promise<StoredFile> {
  if (!storedPath(uploadsRoot(deps.config.DATA_DIR), fileName)) throw notFound();
  const row = await findUploadedFile(deps.db, fileName);
  if (!row || !isImageExtension(row.extension)) throw notFound();
  return onDisk(deps, row);
}

/** Deletes a file's row, then its bytes (download with delete=true, once the file has been sent). */
export async function deleteStoredFile(db: Db, file: StoredFile): Promise<void> {
  await deleteUploadedFile(db, file.row.id);
  await removeQuietly(file.path);
}

/**
 * The avatar URL for PUT /user/profile: `fileName` must be an image the user uploaded;
 * an empty name clears the avatar.
 */
export async function avatarUrl(db: Db, userId: number, fileName: string): Promise<string> {
  if (fileName === '') return '';
  const row = await findOwnedFile(db, fileName, userId);
  if (!row) throw notFound();
  if (!isImageExtension(row.extension)) {
    throw new AppError('business_rule', ErrorCode.AVATAR_NOT_IMAGE, { types: IMAGE_EXTENSIONS.join(', ') });
  }
  return fileUrl(row.fileName);
}
