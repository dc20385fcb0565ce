import { isRequestError } from '../../lib/request';

/** What a dialog says under its failure title: the server's reason; nothing for a send the guard stopped. */
export function failureReason(error: unknown): string | undefined {
  if (isRequestError(error) && (error.kind === 'duplicate' || error.kind === 'canceled')) return undefined;
  return error instanceof Error ? error.message : undefined;
}
