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
  unsupported_media_type: 415,
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
  // Accounts and sessions
  SESSION_INVALID: 'SESSION_INVALID',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  EMAIL_CODE_INVALID: 'EMAIL_CODE_INVALID',
  EMAIL_CODE_TOO_FREQUENT: 'EMAIL_CODE_TOO_FREQUENT',
  EMAIL_CODES_FROM_IP_EXCEEDED: 'EMAIL_CODES_FROM_IP_EXCEEDED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVITE_CODE_INVALID: 'INVITE_CODE_INVALID',
  LOGIN_FAILED: 'LOGIN_FAILED',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  LOGIN_ATTEMPTS_FROM_IP_EXCEEDED: 'LOGIN_ATTEMPTS_FROM_IP_EXCEEDED',
  SESSION_NOT_FOUND: 'SESSION_NOT_FOUND',
  // Field rules (used as zod messages, translated by the server's validation handler)
  EMAIL_INVALID: 'EMAIL_INVALID',
  PASSWORD_LENGTH: 'PASSWORD_LENGTH',
  PASSWORD_SPACES: 'PASSWORD_SPACES',
  PASSWORD_CLASSES: 'PASSWORD_CLASSES',
  NICKNAME_LENGTH: 'NICKNAME_LENGTH',
  EMAIL_CODE_FORMAT: 'EMAIL_CODE_FORMAT',
  // Notices, dictionaries, files
  NOTICE_NOT_FOUND: 'NOTICE_NOT_FOUND',
  DICT_DATA_NOT_FOUND: 'DICT_DATA_NOT_FOUND',
  DICT_VALUE_TAKEN: 'DICT_VALUE_TAKEN',
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  UPLOAD_MISSING: 'UPLOAD_MISSING',
  UPLOAD_TOO_LARGE: 'UPLOAD_TOO_LARGE',
  UPLOAD_TYPE_NOT_ALLOWED: 'UPLOAD_TYPE_NOT_ALLOWED',
  UPLOAD_CONTENT_MISMATCH: 'UPLOAD_CONTENT_MISMATCH',
  DICT_TYPE_NOT_FOUND: 'DICT_TYPE_NOT_FOUND',
  AVATAR_NOT_IMAGE: 'AVATAR_NOT_IMAGE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
