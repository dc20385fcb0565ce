import Bowser from 'bowser';
import type { Db } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { insertSession, touchSession } from './repo';

/** A session ends after 7 days without use, and 30 days after the login at the latest. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_MAX_SECONDS = 30 * 24 * 3600;

/** The browser with its major version ("Chrome 156") and the OS ("Linux") of a User-Agent header. */
export function browserAndOs(userAgent: string | undefined): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parser = Bowser.getParser(userAgent);
  const browser = [parser.getBrowserName(), parser.getBrowserVersion()?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  return { browser: browser.slice(0, 50) || null, os: parser.getOSName().slice(0, 50) || null };
}

/** "Chrome 156 · Linux" from a User-Agent header, for the sessions list. */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = browserAndOs(userAgent);
  const text = [browser, os].filter(Boolean).join(' · ');
  return (text || userAgent).slice(0, 120);
}

/** Opens a session and answers its token; only the token's hash is stored. */
export async function openSession(db: Db, userId: number, client: { ip: string; userAgent?: string }) {
  const token = randomToken();
  await insertSession(db, {
    userId,
    tokenHash: sha256(token),
    ip: client.ip,
    device: describeDevice(client.userAgent),
    expiresAt: new Date(Date.now() + SESSION_IDLE_SECONDS * 1000),
  });
  return token;
}

/** The session of a bearer token, if it is live and its user enabled. */
export async function authenticateToken(db: Db, token: string) {
  if (token.length < 20 || token.length > 100) return undefined;
  const session = await touchSession(db, sha256(token), SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS);
  if (!session || session.status !== 'enabled') return undefined;
  return {
    sessionId: session.id,
    userId: session.userId,
    supportOperatorId: session.supportOperatorId,
    // A sub-account's session (issue 21): the hook narrows what it may call.
    subAccount:
      session.parentId === null
        ? null
        : { id: session.userId, mainUserId: session.parentId, nickname: session.nickname },
  };
}
