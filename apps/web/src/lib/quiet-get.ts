/**
 * A GET whose failure is not shown: for loads the user did not ask for (reference lists fetched in
 * the background at start-up), where a toast about a passing network hiccup would only confuse and
 * the caller simply tries again later. It rides on the client's binary call, which attaches the
 * token and language like any other call but leaves failures to the caller.
 */
import { AnswerCode, type Envelope } from '@cloudbay/contracts/core';
import { api, isEnvelope } from './request';

/** GET `url` and resolve with the envelope's data; rejects, telling no one, on any failure. */
export async function quietGet<T>(url: string): Promise<T> {
  const response = await api.binary({ url, responseType: 'blob' });
  const body = JSON.parse(await response.data.text()) as unknown;
  if (!isEnvelope(body) || body.code !== AnswerCode.OK || body.success === false) {
    throw new Error(`GET ${url} answered ${isEnvelope(body) ? body.code : 'no envelope'}`);
  }
  return (body as Envelope<T>).data;
}
