/**
 * Online users (RuoYi's SysUserOnlineController): every live session from `sessions`, and force
 * logout, which revokes the session row. The auth hook looks every token up in that table on every
 * request, so the token stops working at once on every API process.
 */
import { ErrorCode, type OnlineSession } from '@cloudbay/contracts';
import { isIP } from 'node:net';
import type { Pool } from 'pg';
import type { AppDeps } from '../../../app-deps';
import { AppError } from '../../../lib/errors';

/** Loopback, RFC 1918, link-local, CGNAT and IPv6 unique-local/link-local addresses. */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const lower = address.toLowerCase();
  return lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

/** The stored device text is "Browser version · OS" (identity/sessions.ts describeDevice). */
export function splitDevice(device: string): { browser: string | null; os: string | null } {
  const [browser, os] = device.split(' · ');
  if (device === 'Unknown device') return { browser: null, os: null };
  return { browser: browser || null, os: os ?? null };
}

interface OnlineRow {
  id: string;
  user_id: number;
  email: string;
  nickname: string | null;
  ip: string;
  device: string;
  created_at: Date;
  last_seen_at: Date;
}

/** A live session, as the auth hook accepts it: not revoked, not expired (database time). */
const LIVE = `s.revoked_at IS NULL AND s.expires_at > now()`;

export async function listOnlineSessions(
  deps: Pick<AppDeps, 'database'>,
  query: { page: number; limit: number; ipaddr?: string; userName?: string },
  currentSessionId: string | undefined,
) {
  const pool: Pool = deps.database.pool;
  const where = `${LIVE} AND u.status = 'enabled' AND ($1::text IS NULL OR s.ip ILIKE '%' || $1 || '%')
    AND ($2::text IS NULL OR u.email ILIKE '%' || $2 || '%')`;
  const params = [query.ipaddr || null, query.userName || null];
  const [page, count] = await Promise.all([
    pool.query<OnlineRow>(
      `SELECT s.id, s.user_id::int AS user_id, u.email, u.nickname, s.ip, s.device, s.created_at, s.last_seen_at
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE ${where} ORDER BY s.last_seen_at DESC, s.id OFFSET $3 LIMIT $4`,
      [...params, (query.page - 1) * query.limit, query.limit],
    ),
    pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE ${where}`,
      params,
    ),
  ]);
  const list: OnlineSession[] = page.rows.map((row) => ({
    session_id: row.id,
    user_id: row.user_id,
    email: row.email,
    nickname: row.nickname,
    ip: row.ip,
    location: isPrivateAddress(row.ip) ? 'private' : 'unknown',
    ...splitDevice(row.device),
    login_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    current: row.id === currentSessionId,
  }));
  return { list, total: count.rows[0]!.n, page: query.page, limit: query.limit };
}

/** Revokes one live session; 404 when it is unknown or already over. */
export async function forceLogout(deps: Pick<AppDeps, 'database'>, sessionId: string) {
  const { rowCount } = await deps.database.pool.query(
    `UPDATE sessions s SET revoked_at = now() WHERE s.id = $1 AND ${LIVE}`,
    [sessionId],
  );
  if (!rowCount) throw new AppError('not_found', ErrorCode.ONLINE_SESSION_NOT_FOUND);
  return { session_id: sessionId };
}
