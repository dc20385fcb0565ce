/**
 * A request client on `fetch`, for the light sign-in pages (src/auth), which must not download
 * axios. It applies the console client's rules through the same judge (judge.ts): base `/api`,
 * API_TIMEOUT_MS, accept-language, the bearer token only when asked, the duplicate-submission guard
 * for POST and PUT, the answer rules of spec §8 and their wording. No binary calls: the sign-in
 * pages download nothing.
 */
import { API_TIMEOUT_MS, type Envelope } from '@cloudbay/contracts/core';
import { acceptLanguage } from '../i18n';
import { getToken } from '../storage';
import { API_BASE_URL, createAnswerJudge, publicStrings } from './judge';
import { serializeParams, type QueryObject } from './params';
import type { RequestConfig, RequestOptions } from './client';
import { RequestError } from './request-error';

/** The console client's options and call shape (client.ts), without its binary calls. */
export type FetchRequestOptions = RequestOptions;
export type FetchRequestConfig = RequestConfig;

export interface FetchClient {
  /** Resolves with the envelope when its code is 200 and success is not false; rejects with RequestError. */
  request<T = unknown>(config: FetchRequestConfig): Promise<Envelope<T>>;
  get<T = unknown>(url: string, params?: QueryObject, options?: FetchRequestOptions): Promise<Envelope<T>>;
  post<T = unknown>(url: string, data?: unknown, options?: FetchRequestOptions): Promise<Envelope<T>>;
  put<T = unknown>(url: string, data?: unknown, options?: FetchRequestOptions): Promise<Envelope<T>>;
}

export interface FetchClientSettings {
  /** Replaces the network, for tests. */
  fetch?: typeof fetch;
  baseURL?: string;
}

/** Objects go as JSON, as axios sends them; strings, forms and binary bodies as they are. */
function encodeBody(data: unknown): { body?: BodyInit; type?: string } {
  if (data === undefined || data === null) return {};
  if (
    typeof data === 'string' ||
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    data instanceof Blob ||
    data instanceof ArrayBuffer
  ) {
    return { body: data };
  }
  return { body: JSON.stringify(data), type: 'application/json' };
}

/** The body parsed as JSON when it is JSON, else its text ('' when empty), as axios reads it. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createFetchClient(settings: FetchClientSettings = {}): FetchClient {
  const base = settings.baseURL ?? API_BASE_URL;
  const judge = createAnswerJudge();

  async function request<T>(config: FetchRequestConfig): Promise<Envelope<T>> {
    // Read at call time, so a test's (or a polyfill's) global fetch is the one used.
    const send = settings.fetch ?? globalThis.fetch;
    const method = config.method ?? 'get';
    const sentToken = (config.auth === false ? null : getToken()) || null;
    judge.guardSubmission({ ...config, method });

    const query = serializeParams(config.params);
    const { body, type } = encodeBody(config.data);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeout ?? API_TIMEOUT_MS);
    const cancel = () => controller.abort();
    config.signal?.addEventListener('abort', cancel);

    let response: Response;
    let data: unknown;
    try {
      if (config.signal?.aborted) throw new DOMException('canceled', 'AbortError');
      response = await send(`${base}${config.url}${query ? `?${query}` : ''}`, {
        method: method.toUpperCase(),
        headers: {
          accept: 'application/json, text/plain, */*',
          'accept-language': acceptLanguage(),
          ...(type ? { 'content-type': type } : {}),
          ...(sentToken ? { Authorization: `Bearer ${sentToken}` } : {}),
          ...config.headers,
        },
        body,
        signal: controller.signal,
      });
      data = await readBody(response);
    } catch (error) {
      if (!timedOut && config.signal?.aborted) {
        throw new RequestError('canceled', 'canceled', { handled: true, cause: error });
      }
      await publicStrings();
      throw judge.transport(timedOut ? 'timeout' : 'network', false, error);
    } finally {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', cancel);
    }

    if (!response.ok) {
      await publicStrings();
      throw judge.http({ status: response.status, data }, sentToken, false);
    }
    return judge.success<T>(data, response.status, sentToken);
  }

  return {
    request,
    get: (url, params, options) => request({ ...options, url, method: 'get', params }),
    post: (url, data, options) => request({ ...options, url, method: 'post', data }),
    put: (url, data, options) => request({ ...options, url, method: 'put', data }),
  };
}
