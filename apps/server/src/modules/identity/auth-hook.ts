/**
 * Authentication and permission checks for every /api route. Routes are private by default: a
 * route opens itself with `config: { public: true }` and may require `permission` or `role`.
 * Every request checks its session in the database, so a revoked token fails at once everywhere.
 */
import { ErrorCode, type Language } from '@cloudbay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { pickLanguage } from '../../lib/i18n';
import { hasPermission, hasRole, loadGrants } from './access';
import { authenticateToken } from './sessions';

export interface Auth {
  userId: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, sign-up, health…). */
    public?: boolean;
    /**
     * With `public`: a valid session, when one is sent, is still read into `request.auth` (a
     * missing or stale one is no error). For open pages that show more to their owner.
     */
    readsSession?: boolean;
    /** A permission string such as `system:user:edit`; `*:*:*` passes all. */
    permission?: string;
    /** A role key; the `admin` role passes all. */
    role?: string;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

export function registerAuth(app: FastifyInstance, deps: Pick<AppDeps, 'database'>): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Unknown routes have no URL here; they fall through to the 404 answer.
    if (!request.routeOptions.url) return;
    if (config.public) {
      const sent = config.readsSession ? bearerToken(request) : undefined;
      if (sent) request.auth = (await authenticateToken(deps.database.db, sent)) ?? null;
      return;
    }
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', ErrorCode.UNAUTHORIZED);
    const auth = await authenticateToken(deps.database.db, token);
    if (!auth) throw new AppError('unauthorized', ErrorCode.SESSION_INVALID);
    request.auth = auth;
    if (config.permission || config.role) {
      const grants = await loadGrants(deps.database.db, auth.userId);
      const allowed =
        (!config.permission || hasPermission(grants, config.permission)) &&
        (!config.role || hasRole(grants, config.role));
      if (!allowed) throw new AppError('forbidden', ErrorCode.FORBIDDEN);
    }
  });
}

/** The session of a private route's request (the hook guarantees it). */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw new AppError('unauthorized', ErrorCode.UNAUTHORIZED);
  return request.auth;
}

/** The signed-in user's id, for the owner scope of a private route's queries. */
export function userIdOf(request: FastifyRequest): number {
  return authOf(request).userId;
}

/** The language to answer in (mails, cloud pages): the request's Accept-Language. */
export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

/** Who is asking: address, browser and language, for sessions, throttles and mails. */
export function clientOf(request: FastifyRequest): { ip: string; userAgent?: string; language: Language } {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    language: languageOf(request),
  };
}
