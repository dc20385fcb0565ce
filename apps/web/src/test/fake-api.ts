/**
 * A fake API server for tests of pages and routes: the app's `api` client is rebuilt on a fake
 * `fetch` that answers from handlers registered with `fakeApi.on()`. Every test file that uses it
 * swaps the client in with
 *
 *   vi.mock('../lib/request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));
 *
 * (the path as seen from the test file); calls nobody registered answer 404 like the real API. The
 * sign-in pages' client reads the global fetch: `vi.stubGlobal('fetch', fakeFetch)`.
 */
import type * as RequestModule from '../lib/request';
import { mockFetch, envelope, type MockCall, type MockReply } from './mock-adapter';

export interface FakeRequest {
  method: string;
  /** Path under /api, without the query. */
  path: string;
  /**
   * The query as the client's params were: a repeated name is an array, and a value that reads as a
   * number or boolean is one (what the page passed, before serializeParams made text of it).
   */
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = MockReply | ((request: FakeRequest) => MockReply | Promise<MockReply>);

const handlers = new Map<string, Answer>();
const requests: FakeRequest[] = [];

function queryValue(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  // Only a number's own spelling: '007' or '1e3' stay text, as no number serializes to them.
  return text !== '' && String(Number(text)) === text ? Number(text) : text;
}

function queryOf(search: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name).map(queryValue);
    query[name] = values.length > 1 ? values : values[0];
  }
  return query;
}

/** Calls outside /api are refused as the network would. */
function toRequest(call: MockCall): FakeRequest {
  const url = new URL(call.url, 'http://localhost');
  if (!url.pathname.startsWith('/api/')) throw new TypeError(`fakeFetch: ${url.pathname} is not an API call`);
  let body: unknown = call.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      // not JSON: keep the text
    }
  }
  return {
    method: call.method.toUpperCase(),
    path: url.pathname.slice('/api'.length),
    query: queryOf(url.searchParams),
    body,
    headers: Object.fromEntries(
      Object.entries(call.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    ),
  };
}

async function reply(request: FakeRequest): Promise<MockReply> {
  requests.push(request);
  const answer = handlers.get(`${request.method} ${request.path}`);
  if (!answer) {
    return { status: 404, data: envelope(null, { code: 404, success: false, msg: 'no fake handler' }) };
  }
  return typeof answer === 'function' ? answer(request) : answer;
}

/** The fake server's `fetch`, for `createApiClient({ fetch })` or `vi.stubGlobal('fetch', fakeFetch)`. */
export const { fetch: fakeFetch } = mockFetch((call) => reply(toRequest(call)));

export const fakeApi = {
  /** Answers `METHOD /path` with a fixed reply or a function of the request. */
  on(method: string, path: string, answer: Answer): void {
    handlers.set(`${method.toUpperCase()} ${path}`, answer);
  },
  /** Answers `METHOD /path` with a success envelope around `data`. */
  ok(method: string, path: string, data: unknown): void {
    handlers.set(`${method.toUpperCase()} ${path}`, { data: envelope(data) });
  },
  /** Answers with an error envelope, as the server's error handler does. */
  fail(method: string, path: string, status: number, msg: string, data: unknown = null): void {
    handlers.set(`${method.toUpperCase()} ${path}`, {
      status,
      data: envelope(data, { code: status, msg, success: false }),
    });
  },
  /** The requests received so far, optionally only those of `METHOD /path`. */
  requests(method?: string, path?: string): FakeRequest[] {
    return requests.filter(
      (request) => (!method || request.method === method.toUpperCase()) && (!path || request.path === path),
    );
  },
  reset(): void {
    handlers.clear();
    requests.length = 0;
  },
};

/** The request module with `api` answering from the fake server (for `vi.mock`). */
export async function withFakeApi(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as typeof RequestModule;
  return { ...actual, api: actual.createApiClient({ fetch: fakeFetch }) };
}
