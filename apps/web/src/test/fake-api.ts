/**
 * A fake API server for tests of pages and routes: the app's `api` client is rebuilt on a mock
 * adapter that answers from handlers registered with `fakeApi.on()`. Every test file that uses it
 * swaps the client in with
 *
 *   vi.mock('../lib/request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));
 *
 * (the path as seen from the test file); calls nobody registered answer 404 like the real API.
 */
import type { InternalAxiosRequestConfig } from 'axios';
import type * as RequestModule from '../lib/request';
import { mockAdapter, envelope, type MockReply } from './mock-adapter';

export interface FakeRequest {
  method: string;
  /** Path under /api, without the query. */
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = MockReply | ((request: FakeRequest) => MockReply | Promise<MockReply>);

const handlers = new Map<string, Answer>();
const requests: FakeRequest[] = [];

function toRequest(config: InternalAxiosRequestConfig): FakeRequest {
  const [path = ''] = (config.url ?? '').split('?');
  let body: unknown = config.data;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      // not JSON: keep the text
    }
  }
  return {
    method: (config.method ?? 'get').toUpperCase(),
    path,
    query: { ...(config.params as Record<string, unknown> | undefined) },
    body,
    headers: Object.fromEntries(
      Object.entries(config.headers.toJSON()).map(([name, value]) => [name.toLowerCase(), String(value)]),
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

const { adapter } = mockAdapter((config) => reply(toRequest(config)));

/**
 * `fetch` answering from the same handlers, for the sign-in pages' fetch client (src/auth):
 * `vi.stubGlobal('fetch', fakeFetch)`. Calls outside /api are refused as the network would.
 */
export const fakeFetch: typeof fetch = async (input, init = {}) => {
  const url = new URL(String(input), 'http://localhost');
  if (!url.pathname.startsWith('/api/')) throw new TypeError(`fakeFetch: ${url.pathname} is not an API call`);
  let body: unknown = init.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      // not JSON: keep the text
    }
  }
  const answer = await reply({
    method: (init.method ?? 'GET').toUpperCase(),
    path: url.pathname.slice('/api'.length),
    query: Object.fromEntries(url.searchParams),
    body,
    headers: Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [
        name.toLowerCase(),
        String(value),
      ]),
    ),
  });
  const data = answer.data === undefined ? '' : JSON.stringify(answer.data);
  return new Response(data, { status: answer.status ?? 200, headers: answer.headers });
};

export const fakeApi = {
  adapter,
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
  return { ...actual, api: actual.createApiClient({ adapter }) };
}
