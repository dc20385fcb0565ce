import type { Envelope } from '@cloudbay/contracts/core';

/**
 * An HTTP answer as the request client received it: a binary call's result, and what a failed call
 * keeps (downloads read the error body of theirs). `data` is the parsed JSON body or its text, or the
 * Blob / ArrayBuffer a binary call asked for.
 */
export interface HttpResponse<D = unknown> {
  status: number;
  headers: Headers;
  data: D;
}

/**
 * Why a call failed:
 * - duplicate: refused by the duplicate-submission guard before reaching the network;
 * - session: the server said the session is over (body code 401 or HTTP 401);
 * - answer: the envelope carried an error code or `success: false`;
 * - http: an HTTP error without a usable envelope;
 * - network / timeout: no answer at all;
 * - canceled: the caller aborted the call.
 */
export type RequestErrorKind =
  'duplicate' | 'session' | 'answer' | 'http' | 'network' | 'timeout' | 'canceled';

export interface RequestErrorDetails {
  status?: number;
  code?: number;
  envelope?: Envelope<unknown>;
  response?: HttpResponse;
  handled: boolean;
  cause?: unknown;
}

/** What every failed call of the request client rejects with. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly kind: RequestErrorKind;
  /** HTTP status, when an answer arrived. */
  readonly status?: number;
  /** Body code of the envelope, when there was one. */
  readonly code?: number;
  readonly envelope?: Envelope<unknown>;
  readonly response?: HttpResponse;
  /**
   * True when the user has already been told (toast, notification, confirm) or needs no telling
   * (canceled): callers should then not show the message again.
   */
  readonly handled: boolean;

  constructor(kind: RequestErrorKind, message: string, details: RequestErrorDetails) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.envelope = details.envelope;
    this.response = details.response;
    this.handled = details.handled;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

/** The server's ErrorCode of a refusal (envelope `data.error_code`), when it named one. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!isRequestError(error)) return undefined;
  const data = error.envelope?.data as { error_code?: unknown } | null | undefined;
  return typeof data?.error_code === 'string' ? data.error_code : undefined;
}
