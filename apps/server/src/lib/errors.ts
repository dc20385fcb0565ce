import { ERROR_KIND_STATUS, type ErrorCode, type ErrorKind } from '@cloudbay/contracts';

/**
 * The one error type of the server. `kind` decides the HTTP status, `code` names the message
 * (translated in lib/i18n.ts) and `params` fill its placeholders.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.status = ERROR_KIND_STATUS[kind];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
