import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';

/** GET /api/monitor/online/list: every live session, most recently seen first (operators). */
export const onlineListQuery = pageQuery.extend({
  /** Part of the client address. */
  ipaddr: z.string().trim().max(64).optional(),
  /** Part of the account's e-mail. */
  userName: z.string().trim().max(254).optional(),
});
export type OnlineListQuery = z.input<typeof onlineListQuery>;

export const onlineSessionSchema = z.object({
  /** The session's id: what force logout takes (the web shows its first characters). */
  session_id: z.uuid(),
  user_id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  ip: z.string(),
  /** 'private' for loopback and private ranges, else 'unknown' (no geo database here). */
  location: z.enum(['private', 'unknown']),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  login_at: z.string(),
  last_seen_at: z.string(),
  /** Whether it is the caller's own session (forcing it out signs the caller out). */
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;
export const onlineSessionPageSchema = pageOf(onlineSessionSchema);
export type OnlineSessionPage = z.infer<typeof onlineSessionPageSchema>;

export const onlineSessionParams = z.object({ sessionId: z.uuid() });
export const forceLogoutSchema = z.object({ session_id: z.uuid() });
