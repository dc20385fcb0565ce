/**
 * The sign-in pages (/login, /register, /forget) on the dev and preview servers, answered with
 * auth.html as the API server does. Preview serves the built dist/auth.html. In development they
 * run on Preact as they ship, so `npm run dev` starts a second Vite server from vite.auth.config.ts
 * inside the console's (middleware mode, under its own base): a module both entries use
 * (lib/i18n.ts) then has one URL per entry, resolving `react` to React for the console and to
 * preact/compat for the sign-in pages.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type Connect, type Plugin } from 'vite';
// By path: the config is bundled on its own, and workspace packages would stay unresolved .ts imports.
import { authPageOf } from '../../../packages/contracts/src/auth-pages.ts';

/** Where the development server serves the sign-in pages' modules (and their hot-reload socket). */
export const AUTH_DEV_BASE = '/@auth/';

function splitUrl(url: string | undefined): { pathname: string; search: string } {
  const [pathname = '', ...rest] = (url ?? '').split('?');
  return { pathname, search: rest.length ? `?${rest.join('?')}` : '' };
}

export function authPages(authConfigFile: string): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const { pathname, search } = splitUrl(req.url);
    if (authPageOf(pathname)) req.url = `/auth.html${search}`;
    next();
  };
  return {
    name: 'cloudbay:auth-pages',
    async configureServer(server) {
      const auth = await createServer({
        configFile: authConfigFile,
        base: AUTH_DEV_BASE,
        appType: 'custom',
        server: {
          middlewareMode: true,
          // On the console server's socket, at the auth base: Vite matches the upgrade's path.
          hmr: server.httpServer ? { server: server.httpServer } : false,
        },
      });
      server.httpServer?.once('close', () => void auth.close());
      server.middlewares.use((req, res, next) => {
        const { pathname } = splitUrl(req.url);
        if (pathname.startsWith(AUTH_DEV_BASE)) {
          auth.middlewares(req, res, next);
          return;
        }
        if (!authPageOf(pathname) && pathname !== '/auth.html') {
          next();
          return;
        }
        readFile(join(auth.config.root, 'auth.html'), 'utf8')
          .then((html) => auth.transformIndexHtml(req.url ?? '/', html))
          .then((html) => {
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.end(html);
          })
          .catch(next);
      });
    },
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}
