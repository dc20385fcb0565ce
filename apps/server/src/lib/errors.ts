import { ERROR_KIND_STATUS, type ErrorCode, type ErrorKind } from '@cloudbay/contracts';

export interface AppErrorOptions {
  /**
   * How long the caller must wait before trying again, in seconds: sent as `Retry-After`. Required
   * with kind `too_many_requests`, so every 429 says when to come back.
   */
  retryAfterSeconds?: number;
}

/**
 * The one error type of the server. `kind` decides the HTTP status, `code` names the message
 * (translated in lib/i18n.ts) and `params` fill its placeholders.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  /** Whole seconds, at least 1 (see AppErrorOptions). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: 'too_many_requests',
    code: ErrorCode,
    params: Record<string, string | number>,
    options: AppErrorOptions & { retryAfterSeconds: number },
  );
  constructor(
    kind: Exclude<ErrorKind, 'too_many_requests'>,
    code: ErrorCode,
    params?: Record<string, string | number>,
    options?: AppErrorOptions,
  );
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    options: AppErrorOptions = {},
  ) {
    super(code);
    this.status = ERROR_KIND_STATUS[kind];
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
