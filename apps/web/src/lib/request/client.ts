/**
 * The request client of spec §7–§8, on `fetch`: the console and the light sign-in pages (src/auth)
 * both use it. Every call gets the base path, timeout, bearer token and accept-language header; POST
 * and PUT pass the duplicate-submission guard; answers are judged by the rules of spec §8 (judge.ts)
 * and the user is told through the feedback adapter, so callers only handle success (and may inspect
 * the RequestError they get otherwise).
 */
import { API_TIMEOUT_MS, type Envelope } from '@cloudbay/contracts/core';
import { acceptLanguage } from '../i18n';
import { getToken } from '../storage';
import { API_BASE_URL, createAnswerJudge, publicStrings, type HttpMethod } from './judge';
import { serializeParams, type QueryObject } from './params';
import { RequestError, type HttpResponse } from './request-error';

export {
  API_BASE_URL,
  ERROR_TOAST_SECONDS,
  SESSION_END_DELAY_MS,
  SESSION_END_PATH,
  isEnvelope,
  type HttpMethod,
} from './judge';
export type { HttpResponse } from './request-error';

export type BinaryResponseType = 'blob' | 'arraybuffer';
export type BinaryData<R extends BinaryResponseType> = R extends 'arraybuffer' ? ArrayBuffer : Blob;

/** Per-call options. */
export interface RequestOptions {
  /** Send `Authorization: Bearer <token>` when a token is stored (default true); false for login, sign-up, captcha. */
  auth?: boolean;
  /** Run the duplicate-submission guard on POST/PUT (default true); false for calls that may repeat quickly. */
  repeatSubmit?: boolean;
  /** Added to (and, whatever their case, replacing) the client's own headers. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides API_TIMEOUT_MS, e.g. for a slow export. */
  timeout?: number;
}

export interface RequestConfig extends RequestOptions {
  /** Path under /api, e.g. `/user/desktop`. */
  url: string;
  method?: HttpMethod;
  params?: QueryObject;
  data?: unknown;
}

export interface BinaryRequestConfig<R extends BinaryResponseType = 'blob'> extends RequestConfig {
  responseType?: R;
}

export interface ApiClient {
  /** Resolves with the envelope when its code is 200 and success is not false; rejects with RequestError. */
  request<T = unknown>(config: RequestConfig): Promise<Envelope<T>>;
  get<T = unknown>(url: string, params?: QueryObject, options?: RequestOptions): Promise<Envelope<T>>;
  post<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  put<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  delete<T = unknown>(url: string, params?: QueryObject, options?: RequestOptions): Promise<Envelope<T>>;
  /**
   * A file answer: resolves with the untouched body (a Blob, or an ArrayBuffer when asked), the
   * status and the headers (e.g. Content-Disposition). Failures reject with an unhandled
   * RequestError and show nothing, because the download helpers read the error body and word the
   * message themselves (spec §8 Downloads).
   */
  binary<R extends BinaryResponseType = 'blob'>(
    config: BinaryRequestConfig<R>,
  ): Promise<HttpResponse<BinaryData<R>>>;
}

/** The part of a fetch `Response` the client reads. */
export type FetchAnswer = Pick<Response, 'ok' | 'status' | 'headers' | 'text' | 'blob' | 'arrayBuffer'>;
/** `fetch` as the client calls it: a URL and the request's init. */
export type Fetch = (url: string, init: RequestInit) => Promise<FetchAnswer>;

export interface ApiClientSettings {
  /** Replaces the network, for tests. Without it the global `fetch` is read at call time. */
  fetch?: Fetch;
  baseURL?: string;
}

/** What the client reads the body as: JSON (or text) for API calls, the asked type for binary ones. */
type BodyKind = 'json' | BinaryResponseType;

/** Objects go as JSON; strings, forms and binary bodies as they are (fetch types forms itself). */
function encodeBody(data: unknown): { body?: BodyInit; type?: string } {
  if (data === undefined || data === null) return {};
  if (
    typeof data === 'string' ||
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    data instanceof Blob ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  ) {
    return { body: data as BodyInit };
  }
  return { body: JSON.stringify(data), type: 'application/json' };
}

/**
 * One header per name: later sources win whatever the case of the name, so a caller's
 * `Content-Type` replaces the client's instead of going out as a second value.
 */
function mergeHeaders(...sources: Array<Record<string, string> | undefined>): Record<string, string> {
  const merged: Record<string, string> = {};
  const keyOf = new Map<string, string>();
  for (const source of sources) {
    for (const [name, value] of Object.entries(source ?? {})) {
      const previous = keyOf.get(name.toLowerCase());
      if (previous !== undefined) delete merged[previous];
      keyOf.set(name.toLowerCase(), name);
      merged[name] = value;
    }
  }
  return merged;
}

/** A binary call's body as it asked for it; else parsed as JSON when it is JSON, else its text ('' when empty). */
async function readBody(answer: FetchAnswer, kind: BodyKind): Promise<unknown> {
  if (kind === 'blob') return answer.blob();
  if (kind === 'arraybuffer') return answer.arrayBuffer();
  const text = await answer.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * fetch rejects with the abort reason, and the client's timer aborts with a TimeoutError; a fetch
 * that rejects with a plain AbortError instead is known as timed out by the timer's flag.
 */
function isTimeoutError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'TimeoutError';
}

export function createApiClient(settings: ApiClientSettings = {}): ApiClient {
  const base = settings.baseURL ?? API_BASE_URL;
  const judge = createAnswerJudge();

  /**
   * Sends the call and reads its answer whole. Rejects with the RequestError of a refused, canceled
   * or failed call or of an HTTP error status (telling the user unless `binary`); resolves with a
   * 2xx answer.
   */
  async function send(
    config: RequestConfig,
    kind: BodyKind,
  ): Promise<{ response: HttpResponse; sentToken: string | null }> {
    const binary = kind !== 'json';
    const method = config.method ?? 'get';
    const sentToken = (config.auth === false ? null : getToken()) || null;
    judge.guardSubmission({ ...config, method });

    const query = serializeParams(config.params);
    const url = `${base}${config.url}${query ? `${config.url.includes('?') ? '&' : '?'}${query}` : ''}`;
    const { body, type } = encodeBody(config.data);
    const headers = mergeHeaders(
      {
        accept: 'application/json, text/plain, */*',
        'accept-language': acceptLanguage(),
        ...(type ? { 'content-type': type } : {}),
        ...(sentToken ? { Authorization: `Bearer ${sentToken}` } : {}),
      },
      config.headers,
    );

    const caller = config.signal;
    if (caller?.aborted) {
      throw new RequestError('canceled', 'canceled', { handled: true, cause: caller.reason });
    }
    // One signal for the network: the caller's abort and the client's timeout both end the call.
    const controller = new AbortController();
    const timeout = config.timeout ?? API_TIMEOUT_MS;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`timeout of ${timeout}ms exceeded`, 'TimeoutError'));
    }, timeout);
    const cancel = () => controller.abort(caller?.reason);
    caller?.addEventListener('abort', cancel);

    // Read at call time, so a test's (or a polyfill's) global fetch is the one used.
    const transport = settings.fetch ?? globalThis.fetch;
    let response: HttpResponse;
    let ok: boolean;
    try {
      const answer = await transport(url, {
        method: method.toUpperCase(),
        headers,
        body,
        signal: controller.signal,
      });
      ok = answer.ok;
      response = { status: answer.status, headers: answer.headers, data: await readBody(answer, kind) };
    } catch (error) {
      const expired = timedOut || isTimeoutError(error);
      if (caller?.aborted && !expired) {
        throw new RequestError('canceled', 'canceled', { handled: true, cause: error });
      }
      await publicStrings();
      throw judge.transport(expired ? 'timeout' : 'network', binary, error);
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', cancel);
    }

    if (!ok) {
      await publicStrings();
      throw judge.http({ status: response.status, data: response.data, response }, sentToken, binary);
    }
    return { response, sentToken };
  }

  async function request<T>(config: RequestConfig): Promise<Envelope<T>> {
    const { response, sentToken } = await send(config, 'json');
    return judge.success<T>(response.data, response.status, sentToken, response);
  }

  async function binary<R extends BinaryResponseType = 'blob'>(
    config: BinaryRequestConfig<R>,
  ): Promise<HttpResponse<BinaryData<R>>> {
    const { response } = await send(config, config.responseType ?? 'blob');
    return response as HttpResponse<BinaryData<R>>;
  }

  return {
    request,
    get: (url, params, options) => request({ ...options, url, method: 'get', params }),
    post: (url, data, options) => request({ ...options, url, method: 'post', data }),
    put: (url, data, options) => request({ ...options, url, method: 'put', data }),
    delete: (url, params, options) => request({ ...options, url, method: 'delete', params }),
    binary,
  };
}
