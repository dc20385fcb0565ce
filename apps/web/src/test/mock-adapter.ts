import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { Envelope } from '@cloudbay/contracts/core';

export interface MockReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = (config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

/**
 * An axios adapter answering from `handler` instead of the network. Like axios' own adapters it
 * rejects answers that fail `validateStatus` with an AxiosError carrying the response; a handler
 * that throws (e.g. an AxiosError with ERR_NETWORK) stands for a transport failure.
 */
export function mockAdapter(handler: MockHandler) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const reply = await handler(config);
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status ?? 200,
      statusText: '',
      headers: new AxiosHeaders(reply.headers),
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(response.status)) {
      throw new AxiosError(
        `Request failed with status code ${response.status}`,
        response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        response,
      );
    }
    return response;
  };
  return { adapter, calls };
}

export function envelope<T>(data: T, overrides: Partial<Envelope<T>> = {}): Envelope<T> {
  return { code: 200, msg: '', success: true, data, ...overrides };
}
