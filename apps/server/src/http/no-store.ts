/**
 * `Cache-Control: no-store` on API answers (ARCHITECTURE.md, "The API contract"). An answer to a
 * request with a session is that user's data: no browser or proxy may keep it, whatever the route
 * set (a route's own policy stays when it already says no-store). An answer that set no policy
 * (the login's token, public lists) gets the same. Only a public route with its own policy keeps
 * it: uploaded images stay immutable.
 */
import type { FastifyInstance } from 'fastify';

export const NO_STORE = 'no-store';

/** Adds the hook to `app` itself (the /api scope), after the auth hook that sets `request.auth`. */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const current = reply.getHeader('cache-control');
    const keepsOwn = current !== undefined && (!request.auth || String(current).includes(NO_STORE));
    if (!keepsOwn) reply.header('cache-control', NO_STORE);
    return payload;
  });
}
