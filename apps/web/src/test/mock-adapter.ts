import type { Envelope } from '@cloudbay/contracts/core';
import type { Fetch, FetchAnswer } from '../lib/request';

export interface MockReply {
  status?: number;
  /** The body: a Blob or ArrayBuffer as it is, a string as text, anything else as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
}

/** A call the client made, as it handed it to `fetch`. */
export interface MockCall {
  /** Base path and query included, e.g. `/api/user/desktop?page=2`. */
  url: string;
  /** Upper case, as fetch sends it. */
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
  signal?: AbortSignal;
  /** How the client read the answer: 'text' for API calls, 'blob' or 'arrayBuffer' for binary ones. */
  readAs?: 'text' | 'blob' | 'arrayBuffer';
}

export type MockHandler = (call: MockCall) => MockReply | Promise<MockReply>;

/** What `fetch` rejects with when there is no network. */
export function networkFailure(): TypeError {
  return new TypeError('Failed to fetch');
}

/** What `fetch` rejects with when the client's timer aborted the call. */
export function timeoutFailure(): DOMException {
  return new DOMException('signal timed out', 'TimeoutError');
}

function bodyText(data: unknown): string {
  if (data === undefined || data === null) return '';
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/**
 * The answer `fetch` would resolve with. Blob and ArrayBuffer bodies come back as the very objects
 * the handler gave, so tests can tell that a file passed through untouched.
 */
function answerOf(reply: MockReply, call: MockCall): FetchAnswer {
  const status = reply.status ?? 200;
  const headers = new Headers(reply.headers);
  const data = reply.data;
  const read = <T>(as: NonNullable<MockCall['readAs']>, value: () => T | Promise<T>) => {
    call.readAs = as;
    return Promise.resolve(value());
  };
  return {
    ok: status >= 200 && status < 300,
    status,
    headers,
    text: () =>
      read('text', () => {
        if (data instanceof Blob) return data.text();
        if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
        return bodyText(data);
      }),
    blob: () =>
      read('blob', () => {
        if (data instanceof Blob) return data;
        const type =
          headers.get('content-type') ?? (typeof data === 'string' ? 'text/plain' : 'application/json');
        return new Blob(data instanceof ArrayBuffer ? [data] : [bodyText(data)], { type });
      }),
    arrayBuffer: () =>
      read('arrayBuffer', () => {
        if (data instanceof ArrayBuffer) return data;
        if (data instanceof Blob) return data.arrayBuffer();
        return new TextEncoder().encode(bodyText(data)).buffer as ArrayBuffer;
      }),
  };
}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...headers };
}

/**
 * A `fetch` answering from `handler` instead of the network, for `createApiClient({ fetch })`. A
 * handler that throws stands for a failed fetch (networkFailure(), timeoutFailure()).
 */
export function mockFetch(handler: MockHandler) {
  const calls: MockCall[] = [];
  const fetch: Fetch = async (url, init) => {
    const call: MockCall = {
      url,
      method: init.method ?? 'GET',
      headers: headerRecord(init.headers),
      body: init.body,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    return answerOf(await handler(call), call);
  };
  return { fetch, calls };
}

export function envelope<T>(data: T, overrides: Partial<Envelope<T>> = {}): Envelope<T> {
  return { code: 200, msg: '', success: true, data, ...overrides };
}
