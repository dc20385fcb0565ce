/**
 * The operation log's title of every route (RuoYi's `@Log(title = "用户管理", businessType = …)`):
 * a module key per route family, found by the route's path, and a business type from the method
 * or the route's kind. A route may name its own (`config.log`); the app's `onRoute` hook gives the
 * rest theirs as they are registered, so the log never shows a raw tag. A path no family claims
 * gets no title, which `titles.int.test.ts` refuses: add its family here.
 */
import type { OperBusinessType, OperModule } from '@cloudbay/contracts';
import type { FastifyContextConfig } from 'fastify';

/**
 * Each module's path prefixes under /api (space-separated), matched whole segment by segment; the
 * longest wins (`/user/desktop_image` is the catalogue's, `/user/desktop` the desktops').
 */
const FAMILIES: Record<OperModule, string> = {
  'system.user': '/system/user',
  'system.role': '/system/role',
  'system.menu': '/system/menu',
  'system.dept': '/system/dept /system/user/deptTree',
  'system.post': '/system/post',
  'system.dict': '/system/dict',
  'system.config': '/system/config /config',
  'system.notice': '/system/notice /system/user_notice',
  'system.customer': '/system/customer',
  'business.order': '/business/order',
  'business.topup': '/business/topup',
  'business.resource': '/business/resource',
  'business.customer': '/business/customer',
  'business.adjustment': '/business/adjustment',
  'business.withdrawal': '/business/withdrawal',
  'business.support': '/business/support',
  'business.catalog': '/business/catalog',
  'business.app': '/business/app',
  'business.trial': '/business/trial',
  'monitor.online': '/monitor/online',
  'monitor.job': '/monitor/job',
  'monitor.jobLog': '/monitor/jobLog',
  'monitor.operlog': '/monitor/operlog',
  'monitor.logininfor': '/monitor/logininfor',
  'monitor.server': '/monitor/server',
  'monitor.cache': '/monitor/cache',
  auth: `/user/login /logout /user/signup /image_validate_code /user/no_auth /user/edit_password
    /getInfo /getRouters`,
  account: '/user /user/profile /user/password /user/sessions /user/son_account/own_password',
  wallet: '/orders /user/user_transactions',
  payment: '/pay',
  order: '/user/order',
  desktop: '/user/desktop /config/EXE_URL /sim/connect /user/wy_auth',
  officeSite: '/user/office_site',
  policy: '/user/policy',
  phone: '/user/ph /ph /sim/phone /user/son_account',
  eip: '/user/ph/eip',
  phoneNetwork: '/user/ph/ph_u_network',
  proxy: '/user/ph/proxy /user/ph/own_proxy /user/proxy_link /proxy_set',
  notice: '/user/user_notice /user/sys_notice',
  file: '/common',
  catalog: `/bundles_type /describe_bundles /describe_price /describe_regions /desktop_image
    /desktop_types /network_unit_price /renewal_price /ph/ph_price /ph/regions /ph/spec
    /ph/unit_price /user/bundles /user/desktop_image /user/modify_spec_price
    /user/network_cost /user/u_period_discount`,
  content: '/ad_popup /banner /code_table /hot_goods',
  'business.content': '/business/content',
  'business.dashboard': '/business/dashboard',
  referral: '/user/referral',
  trial: '/user/free_resource_apply /gift_offer',
  health: '/healthz /readyz',
};

const PREFIXES = Object.entries(FAMILIES)
  .flatMap(([module, prefixes]) =>
    prefixes
      .trim()
      .split(/\s+/)
      .map((prefix) => ({ module: module as OperModule, prefix })),
  )
  .sort((a, b) => b.prefix.length - a.prefix.length);

/** The module of a route path (`/api/system/user/:id`), or undefined when no family claims it. */
export function logModuleOf(url: string): OperModule | undefined {
  const path = url.replace(/^\/api(?=\/|$)/, '');
  return PREFIXES.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.module;
}

/** RuoYi's grant routes: an account's roles, a role's accounts, a role's data scope. */
const GRANT = /\/(authRole|authUser\/[^/]+|dataScope)$/;

/**
 * The business type a route has unless it names its own: from its kind (`…/export`,
 * `…/importData`, `…/clean`, the grants), else from the method (RuoYi's INSERT/UPDATE/DELETE).
 */
export function defaultBusinessType(method: string, url: string): OperBusinessType {
  if (method !== 'GET' && GRANT.test(url)) return 'grant';
  if (url.endsWith('/export')) return 'export';
  if (url.endsWith('/importData')) return 'import';
  if (url.endsWith('/clean')) return 'clean';
  if (method === 'DELETE') return 'delete';
  if (method === 'PUT' || method === 'PATCH') return 'update';
  if (method === 'POST') return 'insert';
  return 'other';
}

/**
 * The route's config with its operation-log title completed (called by the app's `onRoute` hook
 * for every /api route). A method list (GET with HEAD) takes the first method's type.
 */
export function withLogTitle(route: {
  method: string | string[];
  url: string;
  config?: FastifyContextConfig;
}): FastifyContextConfig {
  const config = route.config ?? {};
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const title = config.log?.title ?? logModuleOf(route.url);
  return {
    ...config,
    log: {
      ...(title ? { title } : {}),
      businessType: config.log?.businessType ?? defaultBusinessType(method, route.url),
    },
  };
}
