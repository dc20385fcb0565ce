/**
 * What the screenshots script's seeds (`--seed network`, `--seed phones`) share: a client of the
 * app's API as the signed-in customer (a fresh Idempotency-Key on every write, the envelope
 * unwrapped, a refusal thrown) and a bounded wait for the simulated cloud.
 */
import { randomUUID } from 'node:crypto';

export type Call = <T>(pathname: string, method?: string, body?: unknown) => Promise<T>;

export function client(baseUrl: string, token: string): Call {
  return async <T>(pathname: string, method = 'GET', body?: unknown) => {
    const response = await fetch(baseUrl + pathname, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as { code: number; msg: string; data: T };
    if (answer.code !== 200) throw new Error(`${method} ${pathname}: ${answer.msg}`);
    return answer.data;
  };
}

/** Polls `read` (at most a minute) until `done`; the simulated cloud makes things in seconds. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the simulated cloud did not settle within a minute');
}

export interface Listed {
  list: Array<Record<string, unknown>>;
}
