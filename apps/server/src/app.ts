/**
 * build(): the whole HTTP application as a Fastify plugin tree. `main.ts` and `api.ts` start it;
 * tests build it against their own database and call it with `app.inject`.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PAYLOAD_LIMIT_BYTES, authPageOf } from '@cloudbay/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { apiNotFound, registerErrorHandling } from './http/error-handler';
import { registerIdempotency } from './http/idempotency';
import { postgresIdempotencyStore } from './http/idempotency-store';
import { registerNoStore } from './http/no-store';
import { businessCatalogRoutes } from './modules/business/catalog/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { contentRoutes } from './modules/content/routes';
import { businessContentRoutes } from './modules/business/content/routes';
import { businessDashboardRoutes } from './modules/business/dashboard/routes';
import { simConnectRoutes } from './modules/desktops/connect-routes';
import { desktopRoutes } from './modules/desktops/routes';
import { dictRoutes } from './modules/dict/routes';
import { filesRoutes } from './modules/files/routes';
import { healthRoutes } from './modules/health/routes';
import { assertAccessDeclared, registerAuth } from './modules/identity/auth-hook';
import { identityRoutes } from './modules/identity/routes';
import { monitorRoutes } from './modules/monitor/routes';
import { monitorCacheRoutes } from './modules/monitor/cache/routes';
import { monitorJobRoutes } from './modules/monitor/jobs/routes';
import { monitorOnlineRoutes } from './modules/monitor/online/routes';
import { monitorServerRoutes } from './modules/monitor/server/routes';
import { registerOperLog } from './modules/monitor/logs/recorder';
import { monitorLogRoutes } from './modules/monitor/logs/routes';
import { noticeRoutes } from './modules/notices/routes';
import { officeSiteRoutes } from './modules/office-sites/routes';
import { orderRoutes } from './modules/orders/routes';
import { paymentRoutes } from './modules/payments/routes';
import { phoneOperatorRoutes, phoneRoutes } from './modules/phones/routes';
import { businessAppRoutes } from './modules/phones/apps/business-routes';
import { proxyRoutes } from './modules/network/proxies/routes';
import { phoneDeviceCatalogRoutes } from './modules/phones/replace-routes';
import { simPhoneScreenRoutes } from './modules/phones/screen-routes';
import { proxySetRoutes } from './modules/network/proxy-set/routes';
import { policyRoutes } from './modules/policies/routes';
import { systemRoutes } from './modules/system/routes';
import { organizationRoutes } from './modules/system/organization-routes';
import { menuRoutes } from './modules/system/menus/routes';
import { roleRoutes } from './modules/system/roles/routes';
import { sysConfigRoutes } from './modules/system/config/routes';
import { billRoutes } from './modules/wallet/bills-routes';
import { businessOrderRoutes } from './modules/business/order/routes';
import { businessTopupRoutes } from './modules/business/topup/routes';
import { businessResourceRoutes } from './modules/business/resource/routes';
import { businessCustomerRoutes } from './modules/business/customer/routes';
import { adjustmentRoutes } from './modules/business/adjustment/routes';
import { registerSupportAudit } from './modules/business/support/service';
import { supportSessionRoutes } from './modules/business/support/routes';
import { subAccountRoutes } from './modules/sub-accounts/routes';
import { referralRoutes } from './modules/referral/routes';
import { trialRoutes } from './modules/trials/routes';
import { businessTrialRoutes } from './modules/business/trial/routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { withLogTitle } from './modules/monitor/logs/titles';
import type { Logger } from './runtime/logger';

export interface BuildOptions extends AppDeps {
  /** The built web app to serve with a history fallback; omitted, only `/api` is served. */
  webDist?: string;
  /** The process logger; tests pass `false` for silence. Default: a new one at LOG_LEVEL. */
  logger?: Logger | false;
}

/** The API route plugins, each a domain module, all under `/api`. */
const apiModules = [
  healthRoutes,
  systemRoutes,
  identityRoutes,
  noticeRoutes,
  contentRoutes,
  catalogRoutes,
  dictRoutes,
  filesRoutes,
  paymentRoutes,
  billRoutes,
  orderRoutes,
  desktopRoutes,
  simConnectRoutes,
  officeSiteRoutes,
  policyRoutes,
  phoneRoutes,
  phoneOperatorRoutes,
  phoneDeviceCatalogRoutes,
  simPhoneScreenRoutes,
  proxyRoutes,
  monitorRoutes,
  monitorJobRoutes,
  monitorOnlineRoutes,
  monitorServerRoutes,
  monitorCacheRoutes,
  organizationRoutes,
  monitorLogRoutes,
  roleRoutes,
  menuRoutes,
  sysConfigRoutes,
  proxySetRoutes,
  businessOrderRoutes,
  businessTopupRoutes,
  businessResourceRoutes,
  businessCustomerRoutes,
  adjustmentRoutes,
  supportSessionRoutes,
  subAccountRoutes,
  referralRoutes,
  trialRoutes,
  businessTrialRoutes,
  businessCatalogRoutes,
  businessAppRoutes,
  businessContentRoutes,
  businessDashboardRoutes,
  statisticsRoutes,
];

/** One registered route, as the app's route table lists it. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  /** The route's schema as declared (zod `body`, `params`, `tags`…). */
  schema?: FastifySchema;
}

const routeTables = new WeakMap<object, readonly RouteEntry[]>();

/**
 * Every route `build` registered, with its `config`: what a route declares (`idempotent`, `public`…)
 * can be checked over the whole API at once, so a route added later is covered without a list.
 */
export function routeTable(app: App): readonly RouteEntry[] {
  const routes = routeTables.get(app);
  if (!routes) throw new Error('routeTable: not an app made by build()');
  return routes;
}

export async function build(options: BuildOptions) {
  const { config, webDist } = options;
  const logging: Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> =
    options.logger === undefined
      ? { logger: { level: config.LOG_LEVEL } }
      : options.logger === false
        ? { logger: false }
        : { loggerInstance: options.logger as FastifyBaseLogger };
  const app = Fastify({
    ...logging,
    bodyLimit: PAYLOAD_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  const routes: RouteEntry[] = [];
  routeTables.set(app, routes);
  // Added before any plugin, so it sees every route of every scope.
  app.addHook('onRoute', (route) => {
    // The OpenAPI document and its UI are open by design (they are outside the auth hook's scope).
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
    assertAccessDeclared(route);
    // Every route's operation-log title (module and business type), RuoYi's @Log.
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      route.config = withLogTitle(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method, url: route.url, config: route.config ?? {}, schema: route.schema });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd (cssinjs) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Announcements may show https images and embed https videos (their HTML is sanitised).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        frameSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The console opens payer pages and external documentation in new tabs.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cloudbay API',
        version: '0.1.0',
        description:
          'Every answer is `{ code, msg, success, data }`; `code` 200 is success. `msg` follows `Accept-Language` (zh-cn by default, en-US).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles as it renders (as antd does for the console).
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
  });

  await app.register(
    async (api) => {
      // Every /api route needs a live session unless it declares `config: { public: true }`.
      registerAuth(api, options);
      // Answers to a session (and any answer without a cache policy of its own) are never stored.
      registerNoStore(api);
      // Routes declaring `config: { idempotent: true }` honour `Idempotency-Key`.
      registerIdempotency(api, postgresIdempotencyStore(options.database.db));
      // Every write through /api goes to the operation log once answered (monitor/operlog).
      registerOperLog(api, options);
      registerSupportAudit(api, options);
      for (const module of apiModules) await api.register(module, { deps: options });
    },
    { prefix: '/api' },
  );

  const indexHtml = webDist && fs.existsSync(path.join(webDist, 'index.html'));
  const authHtml = webDist && fs.existsSync(path.join(webDist, 'auth.html'));
  if (webDist && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (an old chunk, a typo) is a 404, not the app: a script answered with HTML
    // would fail in the browser with a confusing MIME error.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (pathname.startsWith('/api') || !indexHtml || !isPage || isFile) return apiNotFound(request, reply);
    // Client-side routes: the web app renders them, including its own 404 page. The sign-in pages
    // are its light entry, without the console's code.
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(authPageOf(pathname) && authHtml ? 'auth.html' : 'index.html');
  });

  return app;
}

export type App = Awaited<ReturnType<typeof build>>;
