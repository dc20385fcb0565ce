/**
 * Connecting to cloud phones (issue 16 "Connection", eds-aic BatchGetAcpConnectionTicket): a
 * short-lived, single-use ticket per running phone that opens the cloud's phone screen, and the
 * current screenshot of a running phone for the screenshot wall.
 */
import { z } from 'zod';
import { ErrorCode } from './errors';
import { resourceIdField } from './desktops';
import { MAX_BATCH_PHONES } from './phone-constants';

/** POST /user/ph/phone/connection_ticket: the phones to connect to (at most a batch). */
export const phoneTicketBody = z.object({
  phone_ids: z.array(resourceIdField).min(1, { error: ErrorCode.SELECTION_REQUIRED }).max(MAX_BATCH_PHONES),
});
export type PhoneTicketBody = z.infer<typeof phoneTicketBody>;

/**
 * One entry per phone asked for, in the order asked: a ticket and the screen page it opens, or why
 * not (`code` PHONE_NOT_FOUND, PHONE_NOT_RUNNING…, `message` translated).
 */
export const phoneTicketResultSchema = z.object({
  results: z.array(
    z.object({
      phone_id: z.string(),
      ok: z.boolean(),
      ticket: z.string().nullable(),
      /** When the ticket stops opening the screen (it also works only once). */
      expire_time: z.string().nullable(),
      /** The cloud's phone screen page for the ticket; opened in a new tab. */
      connect_url: z.string().nullable(),
      code: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type PhoneTicketResult = z.infer<typeof phoneTicketResultSchema>;
export type PhoneTicketEntry = PhoneTicketResult['results'][number];
