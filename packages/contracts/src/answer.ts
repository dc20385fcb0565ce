/**
 * Answer codes carried in the body. 200 is success; error answers carry their HTTP status;
 * 601 is a soft warning (HTTP 200, success false) that the web shows as a warning toast.
 */
export const AnswerCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  WARNING: 601,
} as const;

/** Every answer of the API: `{ code, msg, success, data }`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  success: boolean;
  data: T;
}
