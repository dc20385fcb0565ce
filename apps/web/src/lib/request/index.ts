import { createApiClient } from './client';

export {
  API_BASE_URL,
  ERROR_TOAST_SECONDS,
  SESSION_END_DELAY_MS,
  SESSION_END_PATH,
  createApiClient,
  isEnvelope,
  type ApiClient,
  type ApiClientSettings,
  type BinaryData,
  type BinaryRequestConfig,
  type BinaryResponseType,
  type Fetch,
  type FetchAnswer,
  type HttpMethod,
  type HttpResponse,
  type RequestConfig,
  type RequestOptions,
} from './client';
export { statusMessage, tableMessage, transportMessage } from './messages';
export { serializeParams, type QueryObject, type QueryValue } from './params';
export { RequestError, isRequestError, type RequestErrorKind } from './request-error';

/** The app's client; features call `api.get(…)`, `api.post(…)` and so on. */
export const api = createApiClient();
