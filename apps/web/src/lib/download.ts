/**
 * File downloads (spec §7 Files, §8 Downloads): a blob GET or a form-encoded export POST with the
 * bearer token, a loading overlay while it runs, the file name from Content-Disposition, and on
 * failure the server's `{ code, msg }` body worded by the status table first, then msg, then default.
 */
import { feedback } from './feedback';
import { i18n } from './i18n';
import {
  ERROR_TOAST_SECONDS,
  api,
  isRequestError,
  serializeParams,
  statusMessage,
  tableMessage,
  type ApiClient,
  type BinaryRequestConfig,
  type QueryObject,
} from './request';

/** The error body a download may answer with instead of a file. */
export interface DownloadErrorBody {
  code?: number;
  msg?: string;
}

/** Browsers need the object URL a little after the click has started the save; 40 s covers slow disks. */
const REVOKE_URL_AFTER_MS = 40_000;
const DEFAULT_FILE_NAME = 'download';

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first (it carries
 * non-ASCII names), then `filename="…"` or bare `filename=…`, percent-decoded because servers often
 * encode Chinese names that way.
 */
export function filenameFromDisposition(header: unknown): string | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  const extended = /filename\*\s*=\s*(?:[\w!#$%&+^`{}~-]+)?'[^']*'([^;]+)/i.exec(header)?.[1];
  if (extended) {
    const decoded = safeDecode(extended.trim().replace(/^"(.*)"$/, '$1'));
    if (decoded) return decoded;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return value ? (safeDecode(value) ?? value) : undefined;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function isErrorBodyShape(value: unknown): value is DownloadErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { code, msg } = value as Record<string, unknown>;
  return typeof code === 'number' || typeof msg === 'string';
}

/** Reads `{ code, msg }` out of an error answer (a Blob, ArrayBuffer, string or parsed object). */
export async function readErrorBody(data: unknown): Promise<DownloadErrorBody | undefined> {
  let text: string;
  if (data instanceof Blob) text = await data.text();
  // Tag check rather than instanceof: a buffer from another realm (iframe, worker) is still a buffer.
  else if (Object.prototype.toString.call(data) === '[object ArrayBuffer]')
    text = new TextDecoder().decode(data as ArrayBuffer);
  else if (typeof data === 'string') text = data;
  else return isErrorBodyShape(data) ? { code: data.code, msg: data.msg } : undefined;

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isErrorBodyShape(parsed)) return undefined;
  return {
    code: typeof parsed.code === 'number' ? parsed.code : undefined,
    msg: typeof parsed.msg === 'string' ? parsed.msg : undefined,
  };
}

/** Spec §8 Downloads: the status table's text for the code, else the server's msg, else the default. */
export function downloadErrorMessage(body: DownloadErrorBody, status?: number): string {
  return tableMessage(body.code ?? status) ?? (body.msg || statusMessage(undefined));
}

/** A JSON answer where a file was expected is the server explaining why there is no file. */
function isJsonBlob(data: Blob): boolean {
  return /application\/json/i.test(data.type);
}

/** Hands a blob to the browser's save mechanism. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_URL_AFTER_MS);
}

interface DownloadJob {
  config: BinaryRequestConfig;
  /** Chosen by the caller; wins over the server's Content-Disposition. */
  filename?: string;
  /** Used when neither the caller nor the server names the file. */
  fallbackName?: string;
  /** Re-types the blob, e.g. application/zip when the server sends octet-stream. */
  mimeType?: string;
}

async function reportFailure(error: unknown): Promise<void> {
  if (isRequestError(error)) {
    // The duplicate guard has already warned; a cancelled download needs no message.
    if (error.handled) return;
    if (error.kind === 'network' || error.kind === 'timeout') {
      feedback.toast('error', error.message, ERROR_TOAST_SECONDS);
      return;
    }
    const body = await readErrorBody(error.response?.data);
    if (body) {
      feedback.toast('error', downloadErrorMessage(body, error.status));
      return;
    }
  } else {
    console.error(error);
  }
  feedback.toast('error', i18n.t('request:download.failed'));
}

export interface Downloads {
  /** GET `url` with `params` and saves the answer as `filename` (default: the Content-Disposition name). */
  download(url: string, params?: QueryObject, filename?: string): Promise<boolean>;
  /** GET /common/download: a file the server generated; `deleteAfter` removes it once sent. */
  downloadByName(fileName: string, deleteAfter?: boolean): Promise<boolean>;
  /** GET /common/download/resource: an uploaded resource by its stored path. */
  downloadResource(resource: string): Promise<boolean>;
  /** GET a zip archive from `url` (e.g. generated code) and saves it as `filename`. */
  downloadZip(url: string, filename: string): Promise<boolean>;
  /** POST `params` form-encoded to an export endpoint and saves the answered file as `filename`. */
  exportFile(url: string, params: QueryObject, filename: string): Promise<boolean>;
}

/** Download helpers bound to `client`; each resolves true once the file was handed to the browser. */
export function createDownloads(client: ApiClient): Downloads {
  async function run(job: DownloadJob): Promise<boolean> {
    const closeOverlay = feedback.showLoading(i18n.t('request:download.loading'));
    try {
      const response = await client.binary(job.config);
      const blob = response.data;
      if (isJsonBlob(blob)) {
        const body = await readErrorBody(blob);
        feedback.toast(
          'error',
          body ? downloadErrorMessage(body, response.status) : i18n.t('request:download.failed'),
        );
        return false;
      }
      const filename =
        job.filename ??
        filenameFromDisposition(response.headers.get('content-disposition')) ??
        job.fallbackName ??
        DEFAULT_FILE_NAME;
      saveBlob(job.mimeType ? new Blob([blob], { type: job.mimeType }) : blob, filename);
      return true;
    } catch (error) {
      await reportFailure(error);
      return false;
    } finally {
      closeOverlay();
    }
  }

  return {
    download: (url, params, filename) => run({ config: { url, params }, filename }),
    downloadByName: (fileName, deleteAfter = true) =>
      run({
        config: { url: '/common/download', params: { fileName, delete: deleteAfter } },
        fallbackName: fileName.split('/').pop(),
      }),
    downloadResource: (resource) =>
      run({
        config: { url: '/common/download/resource', params: { resource } },
        fallbackName: resource.split('/').pop(),
      }),
    downloadZip: (url, filename) => run({ config: { url }, filename, mimeType: 'application/zip' }),
    exportFile: (url, params, filename) =>
      run({
        config: {
          url,
          method: 'post',
          data: serializeParams(params),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        },
        filename,
      }),
  };
}

export const { download, downloadByName, downloadResource, downloadZip, exportFile } = createDownloads(api);
