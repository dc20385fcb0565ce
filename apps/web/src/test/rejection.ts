import { expect } from 'vitest';
import { RequestError } from '../lib/request/request-error';

/** Runs `call`, expecting it to reject with a RequestError, and returns that error. */
export async function rejection(call: Promise<unknown>): Promise<RequestError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to reject');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}
