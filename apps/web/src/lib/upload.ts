/**
 * POST /common/upload (spec §7 Files) through the app's request client, so the bearer token, the
 * language and the answer rules apply: a non-200 answer has already shown the server's message when
 * the call rejects. Also the helpers the upload components share for their comma-separated values.
 */
import { MULTI_VALUE_SEPARATOR } from '@cloudbay/contracts/core';
import type { UploadedFile } from '@cloudbay/contracts';
import { API_BASE_URL, api, isRequestError } from './request';

/** The multipart field the server reads. */
const FILE_FIELD = 'file';

/** Uploads one file; resolves with what the server stored. */
export async function uploadFile(file: Blob, name?: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append(FILE_FIELD, file, name ?? (file instanceof File ? file.name : 'file'));
  // A batch sends several files to one URL within moments: the duplicate guard must not refuse them.
  const { data } = await api.post<UploadedFile>('/common/upload', form, { repeatSubmit: false });
  return data;
}

/**
 * Whether a failed upload still needs its own message: the request client has shown the server's
 * message for an answer (spec §8 'shows the server msg'); a transport failure gets the component's
 * 'upload failed' on top of the connection message.
 */
export function needsFailureMessage(error: unknown): boolean {
  if (!isRequestError(error)) return true;
  return (
    error.kind !== 'answer' &&
    error.kind !== 'session' &&
    error.kind !== 'duplicate' &&
    error.kind !== 'canceled'
  );
}

/** A multi-value field as a list: an array as it is, a string split at commas, blanks dropped. */
export function toFileList(value: string | readonly string[] | null | undefined): string[] {
  if (!value) return [];
  const parts = typeof value === 'string' ? value.split(MULTI_VALUE_SEPARATOR) : value;
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** The list back as the comma-separated value the forms send. */
export function toFileValue(list: readonly string[]): string {
  return list.join(MULTI_VALUE_SEPARATOR);
}

/**
 * Where an image is shown: a URL (absolute, or a path such as the avatar GET /user answers) as it
 * is; a stored name under the public files route.
 */
export function fileUrl(value: string): string {
  if (/^(https?:|blob:|data:)/i.test(value) || value.startsWith('/')) return value;
  return `${API_BASE_URL}/common/files/${value}`;
}

/** The last part of a stored name or URL, for a list without the original name. */
export function displayFileName(value: string): string {
  const withoutQuery = value.split(/[?#]/)[0] ?? value;
  return withoutQuery.split('/').pop() || value;
}
