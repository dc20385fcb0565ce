/**
 * Authentication and permission checks for every /api route. Every route declares who may call it,
 * one of three (`assertAccessDeclared` refuses to register a route that declares none, so the app
 * does not start):
 * - `config: { public: true }`: anyone, no session;
 * - `config: { owner: true }`: any signed-in account, and the route's data is the caller's own
 *   (the handler scopes every query to `authOf(request).userId`; another customer's id answers 404);
 * - `config: { permission: 'system:user:list' }`: an operator whose roles grant the permission
 *   (`role` may be added to require a role key).
 * Every request checks its session in the database, so a revoked token fails at once everywhere.
 */
import { ErrorCode, type Language } from '@cloudbay/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { pickLanguage } from '../../lib/i18n';
import { hasPermission, hasRole, loadGrants } from './access';
import { authenticateToken } from './sessions';
import { applySubAccountRoute, registerSubAccountChecks } from '../sub-accounts/enforcement';

export interface Auth {
  userId: number;
  sessionId: string;
  /** A read-only support session's operator (issue 18): its writes are refused. */
  supportOperatorId?: number | null;
  /**
   * A sub-account's session (issue 21). On routes acting on its main account's resources `userId`
   * is the main account's (sub-accounts/enforcement.ts); `id` is always the sub-account's own.
   */
  subAccount?: { id: number; mainUserId: number; nickname: string } | null;
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
    /**
     * Any signed-in account; what the route reads or writes is the caller's own (scoped to the
     * session's user, another account's id answers 404). The declaration of customer routes.
     */
    owner?: boolean;
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

/**
 * Called for every route as it is registered (the app's `onRoute` hook): a route under /api must
 * say who may call it, so a route added later cannot be left "any signed-in user" by forgetting.
 * Throwing here fails `build()`, so the app does not start.
 */
export function assertAccessDeclared(route: {
  method: string | string[];
  url: string;
  config?: FastifyContextConfig;
}): void {
  if (!route.url.startsWith('/api')) return;
  const config = route.config ?? {};
  const where = `${String(route.method)} ${route.url}`;
  const declared = [
    config.public && 'public',
    config.owner && 'owner',
    config.permission && 'permission',
    config.role && 'role',
  ].filter(Boolean);
  if (declared.length === 0) {
    throw new Error(
      `${where} declares no access: add config.public, config.owner or config.permission (or role)`,
    );
  }
  if (config.public && declared.length > 1) {
    throw new Error(`${where} is public and also declares ${declared.slice(1).join(', ')}`);
  }
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
      refuseSupportWrite(request);
      return;
    }
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', ErrorCode.UNAUTHORIZED);
    const auth = await authenticateToken(deps.database.db, token);
    if (!auth) throw new AppError('unauthorized', ErrorCode.SESSION_INVALID);
    request.auth = auth;
    refuseSupportWrite(request);
    applySubAccountRoute(request);
    if (config.permission || config.role) {
      const grants = await loadGrants(deps.database.db, auth.userId);
      const allowed =
        (!config.permission || hasPermission(grants, config.permission)) &&
        (!config.role || hasRole(grants, config.role));
      if (!allowed) throw new AppError('forbidden', ErrorCode.FORBIDDEN);
    }
  });
  registerSubAccountChecks(app, deps);
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A read-only support session may only read, and sign out (the banner's End button): any other
 * call is refused here, before it runs, so no write of any route can slip through.
 */
function refuseSupportWrite(request: FastifyRequest): void {
  if (!request.auth?.supportOperatorId) return;
  if (READ_METHODS.has(request.method) || request.routeOptions.url === '/api/logout') return;
  throw new AppError('forbidden', ErrorCode.SUPPORT_SESSION_READ_ONLY);
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
