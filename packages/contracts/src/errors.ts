/**
 * Error kinds and the HTTP status each maps to (ARCHITECTURE.md, "The API contract").
 * The server throws `AppError(kind, code, params)`; `code` is one of `ErrorCode` and is
 * translated in one place on the server.
 */
export const ERROR_KIND_STATUS = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  business_rule: 422,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
  /** A soft warning: HTTP 200 with body code 601. */
  warning: 200,
} as const;
export type ErrorKind = keyof typeof ERROR_KIND_STATUS;

/** Every error code the server can answer with. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  CONFIG_NOT_FOUND: 'CONFIG_NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
