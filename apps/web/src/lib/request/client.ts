/**
 * The request client of spec §7–§8, on axios. Every call gets the base path, timeout, bearer token
 * and accept-language header; POST and PUT pass the duplicate-submission guard; answers are judged
 * by the rules of spec §8 and the user is told through the feedback adapter, so callers only handle
 * success (and may inspect the RequestError they get otherwise).
 */
import axios, { AxiosError, type AxiosAdapter, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { API_TIMEOUT_MS, AnswerCode, type Envelope } from '@cloudbay/contracts/core';
import { feedback } from '../feedback';
import { acceptLanguage, i18n, loadPublicNamespaces, publicNamespacesLoaded } from '../i18n';
import { clearSession, getToken } from '../storage';
import { statusMessage, transportMessage } from './messages';
import { serializeParams, type QueryObject } from './params';
import { RequestError } from './request-error';
import { checkSubmission } from './submit-guard';

export const API_BASE_URL = '/api';
/** Where an ended session lands: /index is the home, login landing and logout target (spec §2). */
export const SESSION_END_PATH = '/index';
/** Transport and HTTP failures stay up longer than antd's default 3 s: they usually need action. */
export const ERROR_TOAST_SECONDS = 5;
/** After an HTTP 401 the session ends this much later, so the 'login expired' toast is read first. */
export const SESSION_END_DELAY_MS = 3_000;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
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

/** An answer in the API's `{ code, msg, success, data }` shape. */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

function hasBody(data: unknown): boolean {
  if (data === undefined || data === null || data === '') return false;
  if (data instanceof Blob) return data.size > 0;
  return true;
}

function isTimeout(error: AxiosError): boolean {
  return error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
}

/**
 * Failures are worded with the public strings, which main.tsx loads while the first page's guard
 * already calls the API (a stale token is refused then): judged earlier, they would read as raw keys.
 */
async function publicStrings(): Promise<void> {
  if (!publicNamespacesLoaded()) await loadPublicNamespaces().catch(() => undefined);
}

interface PreparedCall {
  axiosConfig: AxiosRequestConfig;
  /** The bearer token that went out, if any: only then can a 401 mean that the session ended. */
  sentToken: string | null;
}

interface HttpContext {
  status: number;
  response: AxiosResponse;
}

export function createApiClient(settings: ApiClientSettings = {}): ApiClient {
  const http = axios.create({
    baseURL: settings.baseURL ?? API_BASE_URL,
    timeout: API_TIMEOUT_MS,
    paramsSerializer: { serialize: (params) => serializeParams(params as QueryObject) },
    ...(settings.adapter ? { adapter: settings.adapter } : {}),
  });
  // Several calls may fail together when a session ends: one confirm box, one redirect.
  let reloginOpen = false;
  let sessionEnd: { token: string; timer: ReturnType<typeof setTimeout> } | undefined;

  function endSession(): void {
    clearSession();
    feedback.navigate(SESSION_END_PATH);
  }

  /** Body code 401: ask before leaving, the user may want to keep what is on screen. */
  function promptRelogin(): void {
    if (reloginOpen) return;
    reloginOpen = true;
    feedback
      .confirm({
        title: i18n.t('request:session.title'),
        content: i18n.t('request:session.expiredConfirm'),
        okText: i18n.t('request:session.relogin'),
        cancelText: i18n.t('common:action.cancel'),
      })
      .then(
        (relogin) => {
          reloginOpen = false;
          if (relogin) endSession();
        },
        () => {
          reloginOpen = false;
        },
      );
  }

  /**
   * HTTP 401: the token is no longer accepted, so the session ends after the user has read why, and
   * the user logs in again to come back to the page on screen (a deep link is not lost to /index).
   * Only the rejected token's session ends: if the guard has already sent the user to log in, or a
   * new login replaced it meanwhile, nothing more happens.
   */
  function endSessionSoon(rejectedToken: string): void {
    // Calls failing together with one token: one message. A later token is another session.
    if (sessionEnd?.token === rejectedToken) return;
    clearTimeout(sessionEnd?.timer);
    feedback.toast('error', i18n.t('request:session.loginExpired'), ERROR_TOAST_SECONDS);
    const timer = setTimeout(() => {
      if (getToken() !== rejectedToken) return;
      clearSession();
      feedback.relogin();
    }, SESSION_END_DELAY_MS);
    sessionEnd = { token: rejectedToken, timer };
  }

  function prepare(config: RequestConfig, responseType?: BinaryResponseType): PreparedCall {
    const method = config.method ?? 'get';
    const sentToken = (config.auth === false ? null : getToken()) || null;

    if ((method === 'post' || method === 'put') && config.repeatSubmit !== false) {
      const query = serializeParams(config.params);
      const verdict = checkSubmission(query ? `${config.url}?${query}` : config.url, config.data);
      if (verdict !== 'ok') {
        const message = i18n.t(
          verdict === 'duplicate-body' ? 'request:duplicate.body' : 'request:duplicate.url',
        );
        feedback.toast('warning', message);
        throw new RequestError('duplicate', message, { handled: true });
      }
    }

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

  /**
   * Applies the answer rules of spec §8 to an envelope: tells the user and returns the error to
   * reject with, or undefined when the envelope is a success.
   */
  function judgeEnvelope(
    body: Envelope<unknown>,
    sentToken: string | null,
    http?: HttpContext,
  ): RequestError | undefined {
    // An HTTP error whose body still says 200 is an error all the same: judge it by its status.
    const code = http && body.code === AnswerCode.OK ? http.status : body.code;
    const message = body.msg || statusMessage(code);
    const details = { status: http?.status, response: http?.response, code, envelope: body, handled: true };

    if (code === AnswerCode.UNAUTHORIZED && sentToken !== null) {
      promptRelogin();
      return new RequestError('session', i18n.t('request:session.invalid'), details);
    }
    if (code === AnswerCode.INTERNAL) feedback.toast('error', message);
    else if (code === AnswerCode.WARNING) feedback.toast('warning', message);
    else if (code !== AnswerCode.OK) feedback.notify('error', message);
    else if (body.success === false) feedback.toast('error', message);
    else return undefined;
    return new RequestError('answer', message, details);
  }

  /** Turns anything axios rejected with into the RequestError to reject with, telling the user on the way. */
  function judgeFailure(error: unknown, sentToken: string | null, binary: boolean): unknown {
    if (axios.isCancel(error)) {
      return new RequestError('canceled', error.message ?? 'canceled', { handled: true, cause: error });
    }
    if (!axios.isAxiosError(error)) return error;

    const response = error.response;
    if (!response) {
      const kind = isTimeout(error) ? 'timeout' : 'network';
      const message = transportMessage(kind);
      if (!binary) feedback.toast('error', message, ERROR_TOAST_SECONDS);
      return new RequestError(kind, message, { handled: !binary, cause: error });
    }

    const status = response.status;
    if (binary) {
      return new RequestError('http', transportMessage('status', status), {
        status,
        response,
        handled: false,
        cause: error,
      });
    }
    if (status === AnswerCode.UNAUTHORIZED && sentToken !== null) {
      endSessionSoon(sentToken);
      return new RequestError('session', i18n.t('request:session.loginExpired'), {
        status,
        response,
        handled: true,
        cause: error,
      });
    }
    const answered = isEnvelope(response.data)
      ? judgeEnvelope(response.data, sentToken, { status, response })
      : undefined;
    if (answered) return answered;

    // No envelope: a proxy's error page gets the status table, an empty answer names the status.
    const message = hasBody(response.data) ? statusMessage(status) : transportMessage('status', status);
    feedback.toast('error', message, ERROR_TOAST_SECONDS);
    return new RequestError('http', message, { status, response, handled: true, cause: error });
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
    const body = response.data;
    if (!isEnvelope(body) || body.code !== AnswerCode.OK || body.success === false) await publicStrings();
    if (!isEnvelope(body)) {
      // Our API always answers with an envelope; anything else (an HTML fallback page) is a fault.
      const message = statusMessage(undefined);
      feedback.toast('error', message);
      throw new RequestError('answer', message, { status: response.status, response, handled: true });
    }
    const failure = judgeEnvelope(body, sentToken);
    if (failure) throw failure;
    return body as Envelope<T>;
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
