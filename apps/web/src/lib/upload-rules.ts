/**
 * The checks an upload passes before it is sent (spec §5 Uploads), with their messages verbatim:
 * the extension must be allowed, the size under the limit, the count within the limit. The server
 * checks again (and reads the content); these spare the user a wasted transfer.
 */
import { i18n } from './i18n';

const BYTES_PER_MB = 1024 * 1024;

/** Which component's wording applies: the file list, the image list or the rich-text editor. */
export type UploadKind = 'file' | 'image' | 'editor';

export interface UploadRules {
  /** Allowed extensions without the dot; empty allows any. */
  fileType: readonly string[];
  /** Size limit in MB; 0 means no limit. */
  fileSize: number;
}

export interface FileLike {
  name: string;
  size: number;
}

/** The extension of `name`, lower-case, without the dot; '' when it has none. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedType(name: string, fileType: readonly string[]): boolean {
  if (fileType.length === 0) return true;
  const ext = fileExtension(name);
  return fileType.some((type) => type.toLowerCase() === ext);
}

/** Strictly under the limit, as spec §5 says ('under 5 MB'). */
export function isWithinSize(size: number, fileSize: number): boolean {
  return fileSize <= 0 || size < fileSize * BYTES_PER_MB;
}

function typeMessage(kind: UploadKind, fileType: readonly string[]): string {
  const types = fileType.join('/');
  if (kind === 'editor') return i18n.t('kit:upload.editorType');
  return i18n.t(kind === 'image' ? 'kit:upload.imageType' : 'kit:upload.fileType', { types });
}

function sizeMessage(kind: UploadKind, fileSize: number): string {
  const key = {
    file: 'kit:upload.fileSize',
    image: 'kit:upload.imageSize',
    editor: 'kit:upload.editorSize',
  } as const;
  return i18n.t(key[kind], { n: fileSize });
}

/** Why `file` may not be uploaded (type first, then size), or undefined when it may. */
export function checkUploadFile(file: FileLike, rules: UploadRules, kind: UploadKind): string | undefined {
  if (!isAllowedType(file.name, rules.fileType)) return typeMessage(kind, rules.fileType);
  if (!isWithinSize(file.size, rules.fileSize)) return sizeMessage(kind, rules.fileSize);
  return undefined;
}

/** Why `adding` more files next to `existing` would pass `limit`, or undefined when they fit. */
export function checkUploadCount(existing: number, adding: number, limit: number): string | undefined {
  if (limit > 0 && existing + adding > limit) return i18n.t('kit:upload.count', { limit });
  return undefined;
}
