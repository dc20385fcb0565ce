/**
 * The transport-independent half of the request client (client.ts, on fetch): the rules of spec §8
 * that judge an answer and tell the user (through the feedback adapter), the duplicate-submission
 * guard's refusal, and the session's end.
 */
import { AnswerCode, type Envelope } from '@cloudbay/contracts/core';
import { feedback } from '../feedback';
import { i18n, loadPublicNamespaces, publicNamespacesLoaded } from '../i18n';
import { clearSession, getToken } from '../storage';
import { statusMessage, transportMessage } from './messages';
import { serializeParams, type QueryObject } from './params';
import { RequestError, type HttpResponse } from './request-error';
import { checkSubmission } from './submit-guard';

export const API_BASE_URL = '/api';
/** Where an ended session lands: /index is the home, login landing and logout target (spec §2). */
export const SESSION_END_PATH = '/index';
/** Transport and HTTP failures stay up longer than antd's default 3 s: they usually need action. */
export const ERROR_TOAST_SECONDS = 5;
/** After an HTTP 401 the session ends this much later, so the 'login expired' toast is read first. */
export const SESSION_END_DELAY_MS = 3_000;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

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

/**
 * Failures are worded with the public strings, which main.tsx loads while the first page's guard
 * already calls the API (a stale token is refused then): judged earlier, they would read as raw keys.
 */
export async function publicStrings(): Promise<void> {
  if (!publicNamespacesLoaded()) await loadPublicNamespaces().catch(() => undefined);
}

/** An answer that arrived with an HTTP error status. */
export interface HttpFailure {
  status: number;
  /** The parsed body (an envelope, an error page's text, nothing). */
  data: unknown;
  /** The whole answer, for callers that read it (downloads). */
  response?: HttpResponse;
  cause?: unknown;
}

/** The judging rules of one client, with its session state (one confirm box, one session end). */
export interface AnswerJudge {
  /** Throws the 'duplicate' RequestError (after telling the user) when the guard refuses a POST/PUT. */
  guardSubmission(config: {
    method: HttpMethod;
    url: string;
    params?: QueryObject;
    data?: unknown;
    repeatSubmit?: boolean;
  }): void;
  /**
   * A 2xx answer's body: resolves with the envelope when it is a success; otherwise tells the user
   * and rejects (an error envelope, or no envelope at all, e.g. an HTML fallback page).
   */
  success<T>(
    body: unknown,
    status: number,
    sentToken: string | null,
    response?: HttpResponse,
  ): Promise<Envelope<T>>;
  /** The error for an envelope (told to the user), or undefined when it is a success. */
  envelope(
    body: Envelope<unknown>,
    sentToken: string | null,
    http?: { status: number; response?: HttpResponse },
  ): RequestError | undefined;
  /** No answer at all. Binary calls leave the telling to their caller. */
  transport(kind: 'network' | 'timeout', binary: boolean, cause: unknown): RequestError;
  /** An HTTP error status. */
  http(failure: HttpFailure, sentToken: string | null, binary: boolean): RequestError;
}

export function createAnswerJudge(): AnswerJudge {
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

  const judge: AnswerJudge = {
    guardSubmission({ method, url, params, data, repeatSubmit }) {
      if ((method !== 'post' && method !== 'put') || repeatSubmit === false) return;
      const query = serializeParams(params);
      // Keyed by method too: an edit (PUT) right after a creation (POST) to one URL is no repeat.
      const verdict = checkSubmission(`${method.toUpperCase()} ${query ? `${url}?${query}` : url}`, data);
      if (verdict === 'ok') return;
      const message = i18n.t(
        verdict === 'duplicate-body' ? 'request:duplicate.body' : 'request:duplicate.url',
      );
      feedback.toast('warning', message);
      throw new RequestError('duplicate', message, { handled: true });
    },

    envelope(body, sentToken, http) {
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
    },

    async success<T>(body: unknown, status: number, sentToken: string | null, response?: HttpResponse) {
      if (!isEnvelope(body) || body.code !== AnswerCode.OK || body.success === false) await publicStrings();
      if (!isEnvelope(body)) {
        // Our API always answers with an envelope; anything else is a fault.
        const message = statusMessage(undefined);
        feedback.toast('error', message);
        throw new RequestError('answer', message, { status, response, handled: true });
      }
      const failure = judge.envelope(body, sentToken);
      if (failure) throw failure;
      return body as Envelope<T>;
    },

    transport(kind, binary, cause) {
      const message = transportMessage(kind);
      if (!binary) feedback.toast('error', message, ERROR_TOAST_SECONDS);
      return new RequestError(kind, message, { handled: !binary, cause });
    },

    http({ status, data, response, cause }, sentToken, binary) {
      if (binary) {
        return new RequestError('http', transportMessage('status', status), {
          status,
          response,
          handled: false,
          cause,
        });
      }
      if (status === AnswerCode.UNAUTHORIZED && sentToken !== null) {
        endSessionSoon(sentToken);
        return new RequestError('session', i18n.t('request:session.loginExpired'), {
          status,
          response,
          handled: true,
          cause,
        });
      }
      const answered = isEnvelope(data) ? judge.envelope(data, sentToken, { status, response }) : undefined;
      if (answered) return answered;

      // No envelope: a proxy's error page gets the status table, an empty answer names the status.
      const message = hasBody(data) ? statusMessage(status) : transportMessage('status', status);
      feedback.toast('error', message, ERROR_TOAST_SECONDS);
      return new RequestError('http', message, { status, response, handled: true, cause });
    },
  };
  return judge;
}
