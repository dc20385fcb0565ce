/**
 * The request client of spec §7–§8, on axios. Every call gets the base path, timeout, bearer token
 * and accept-language header; POST and PUT pass the duplicate-submission guard; answers are judged
 * by the rules of spec §8 and the user is told through the feedback adapter, so callers only handle
 * success (and may inspect the RequestError they get otherwise).
 */
import axios, { AxiosError, type AxiosAdapter, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { API_TIMEOUT_MS, type Envelope } from '@cloudbay/contracts/core';
import { acceptLanguage } from '../i18n';
import { getToken } from '../storage';
import { API_BASE_URL, createAnswerJudge, publicStrings, type HttpMethod } from './judge';
import { serializeParams, type QueryObject } from './params';
import { RequestError } from './request-error';

export {
  API_BASE_URL,
  ERROR_TOAST_SECONDS,
  SESSION_END_DELAY_MS,
  SESSION_END_PATH,
  isEnvelope,
  type HttpMethod,
} from './judge';

export type BinaryResponseType = 'blob' | 'arraybuffer';
export type BinaryData<R extends BinaryResponseType> = R extends 'arraybuffer' ? ArrayBuffer : Blob;

/** Per-call options. */
export interface RequestOptions {
  /** Send `Authorization: Bearer <token>` when a token is stored (default true); false for login, sign-up, captcha. */
  auth?: boolean;
  /** Run the duplicate-submission guard on POST/PUT (default true); false for calls that may repeat quickly. */
  repeatSubmit?: boolean;
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
   * A file answer: resolves with the untouched axios response (data and headers such as
   * Content-Disposition). Failures reject with an unhandled RequestError and show nothing, because
   * the download helpers read the error body and word the message themselves (spec §8 Downloads).
   */
  binary<R extends BinaryResponseType = 'blob'>(
    config: BinaryRequestConfig<R>,
  ): Promise<AxiosResponse<BinaryData<R>>>;
}

export interface ApiClientSettings {
  /** Replaces the network, for tests. */
  adapter?: AxiosAdapter;
  baseURL?: string;
}

function isTimeout(error: AxiosError): boolean {
  return error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
}

interface PreparedCall {
  axiosConfig: AxiosRequestConfig;
  /** The bearer token that went out, if any: only then can a 401 mean that the session ended. */
  sentToken: string | null;
}

export function createApiClient(settings: ApiClientSettings = {}): ApiClient {
  const http = axios.create({
    baseURL: settings.baseURL ?? API_BASE_URL,
    timeout: API_TIMEOUT_MS,
    paramsSerializer: { serialize: (params) => serializeParams(params as QueryObject) },
    ...(settings.adapter ? { adapter: settings.adapter } : {}),
  });
  const judge = createAnswerJudge();

  function prepare(config: RequestConfig, responseType?: BinaryResponseType): PreparedCall {
    const method = config.method ?? 'get';
    const sentToken = (config.auth === false ? null : getToken()) || null;

    judge.guardSubmission({ ...config, method });

    return {
      sentToken,
      axiosConfig: {
        url: config.url,
        method,
        params: config.params,
        data: config.data,
        headers: {
          'accept-language': acceptLanguage(),
          ...(sentToken ? { Authorization: `Bearer ${sentToken}` } : {}),
          ...config.headers,
        },
        signal: config.signal,
        timeout: config.timeout ?? API_TIMEOUT_MS,
        ...(responseType ? { responseType } : {}),
      },
    };
  }

  /** Turns anything axios rejected with into the RequestError to reject with, telling the user on the way. */
  function judgeFailure(error: unknown, sentToken: string | null, binary: boolean): unknown {
    if (axios.isCancel(error)) {
      return new RequestError('canceled', error.message ?? 'canceled', { handled: true, cause: error });
    }
    if (!axios.isAxiosError(error)) return error;

    const response = error.response;
    if (!response) return judge.transport(isTimeout(error) ? 'timeout' : 'network', binary, error);
    return judge.http(
      { status: response.status, data: response.data, response, cause: error },
      sentToken,
      binary,
    );
  }

  async function request<T>(config: RequestConfig): Promise<Envelope<T>> {
    const { axiosConfig, sentToken } = prepare(config);
    let response: AxiosResponse<unknown>;
    try {
      response = await http.request<unknown>(axiosConfig);
    } catch (error) {
      await publicStrings();
      throw judgeFailure(error, sentToken, false);
    }
    return judge.success<T>(response.data, response.status, sentToken, response);
  }

  async function binary<R extends BinaryResponseType = 'blob'>(
    config: BinaryRequestConfig<R>,
  ): Promise<AxiosResponse<BinaryData<R>>> {
    const { axiosConfig, sentToken } = prepare(config, config.responseType ?? 'blob');
    try {
      return await http.request<BinaryData<R>>(axiosConfig);
    } catch (error) {
      await publicStrings();
      throw judgeFailure(error, sentToken, true);
    }
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
