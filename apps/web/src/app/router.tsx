import type { ComponentType } from 'react';
import {
  Navigate,
  createBrowserRouter,
  replace,
  type DataRouter,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { AUTH_PAGE_PATHS, PROXY_SET_PATH } from '@cloudbay/contracts/core';
import { meetsRequirement } from '../lib/access';
import { withConsoleNamespaces, withFeatureNamespaces } from '../lib/i18n-console';
import { setAvailablePaths } from '../lib/available-routes';
import { createAccessControl, type SessionAccess } from './access-control';
import { HANDOVER_PATH, HOME_PATH, saveHandover } from '../lib/access-rule';
import { generateRoutes, lazyPageRoute, type InnerLinkLoader, type PageLoader } from './generated-routes';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { ProgressBar } from './route-progress';
import type { RouteMeta } from './route-meta';
import { REDIRECT_PREFIX, redirectLoader } from './shell/redirect';
import { PROFILE_PATH } from '../features/account/paths';
import { SANDBOX_PAY_ROUTE } from '../features/wallet/paths';
import { PHONE_CONNECT_PATH, phoneConnectLoader } from '../features/phones/connect/route';
import { DICT_DATA_ROUTE } from '../features/system/dict/paths';

interface PageRoute {
  path: string;
  meta: RouteMeta;
  /** Loads the page's code; each page is its own chunk, fetched on first visit. */
  page: () => Promise<ComponentType>;
  /** Runs before the page, e.g. to take a session handed over in the query. */
  loader?: (args: LoaderFunctionArgs) => unknown;
}

interface RedirectRoute {
  path: string;
  redirect: string;
}

/** A page of the other entry (auth.html): the guard loads it as a new document (access-control.ts). */
interface DocumentRoute {
  path: string;
  document: true;
}

export type AppRoute = PageRoute | RedirectRoute | DocumentRoute;

/** The route table (spec §2 Routes), grouped by what a visitor needs to open them. */
export interface RouteTable {
  /** Open paths of the access rule (login, register, forget: document loads) and the 404 page, in the router from the start. */
  open: AppRoute[];
  /** Full-page routes that need a session. Added when the session's routes are generated. */
  standalone: AppRoute[];
  /** Routes inside the signed-in frame; those with meta permissions or roles only for sessions that have them. */
  console: AppRoute[];
  /** The console shell around `console` routes: menu, header, tags bar, kept-alive views. */
  frame: () => Promise<ComponentType>;
  /** The page of GET /getRouters' inner links (component 'InnerLink'): their address in a frame. */
  innerLink: InnerLinkLoader;
  /** Component keys of GET /getRouters that name a page of this app. */
  pages: Readonly<Record<string, PageLoader>>;
}

/** The app's routes. Titles are keys under `route.` in common.json. */
export const routeTable: RouteTable = {
  open: [
    // login, register and forget are the light entry's (auth.html): the console loads them as pages.
    ...AUTH_PAGE_PATHS.map((path) => ({ path, document: true as const })),
    {
      path: SANDBOX_PAY_ROUTE,
      meta: { title: 'route.sandboxPay' },
      // The payer's page shows the wallet's strings, which travel with the console's.
      page: withConsoleNamespaces(() =>
        import('../features/wallet/pages/sandbox-pay-page').then((module) => module.SandboxPayPage),
      ),
    },
    {
      path: PHONE_CONNECT_PATH,
      meta: { title: 'route.phoneConnect' },
      loader: phoneConnectLoader,
      page: withConsoleNamespaces(
        withFeatureNamespaces('phones', () =>
          import('../features/phones/connect/phone-connect-page').then((module) => module.PhoneConnectPage),
        ),
      ),
    },
    {
      // The proxy set (issue 19): opened by a desktop's or phone's proxy settings link, no session.
      path: PROXY_SET_PATH,
      meta: { title: 'route.proxySet' },
      page: withConsoleNamespaces(
        withFeatureNamespaces('proxySet', () =>
          import('../features/network/proxy-set/page/proxy-set-page').then((module) => module.ProxySetPage),
        ),
      ),
    },
    {
      // The cloud phone landing page (spec §2): open to visitors, with the console's strings and the phones'.
      path: '/phone',
      meta: { title: 'route.phone' },
      page: withConsoleNamespaces(
        withFeatureNamespaces(
          'phoneLanding',
          withFeatureNamespaces('phones', () =>
            import('../features/phones/landing/phone-landing-page').then((module) => module.PhoneLandingPage),
          ),
        ),
      ),
    },
    {
      // The gift page (issue 22, part G2; spec §2 open without login): its own strings' chunk.
      path: '/user/gif',
      meta: { title: 'route.giftPage' },
      page: withConsoleNamespaces(
        withFeatureNamespaces('giftPage', () =>
          import('../features/gift/gift-page').then((module) => module.GiftPage),
        ),
      ),
    },
    {
      path: '*',
      meta: { title: 'route.notFound' },
      page: () => import('../features/errors/pages/not-found-page').then((module) => module.NotFoundPage),
    },
  ],
  standalone: [
    { path: '/', redirect: HOME_PATH },
    {
      path: '/401',
      meta: { title: 'route.unauthorized' },
      page: () =>
        import('../features/errors/pages/unauthorized-page').then((module) => module.UnauthorizedPage),
    },
  ],
  console: [
    {
      path: HOME_PATH,
      meta: { title: 'route.home', affix: true },
      page: () => import('../features/home/pages/home-page').then((module) => module.HomePage),
    },
    {
      path: PROFILE_PATH,
      meta: { title: 'route.profile' },
      page: () => import('../features/account/pages/profile-page').then((module) => module.ProfilePage),
    },
    {
      // RuoYi's hidden page of one dictionary's data, for whoever may list dictionaries.
      path: DICT_DATA_ROUTE,
      meta: { title: 'route.systemDictData', permissions: ['system:dict:list'] },
      page: withFeatureNamespaces(
        'admin',
        withFeatureNamespaces('adminShared', () =>
          import('../features/system/dict/pages/dict-data-page').then((module) => module.DictDataPage),
        ),
      ),
    },
  ],
  frame: withConsoleNamespaces(() => import('./shell/shell-layout').then((module) => module.ShellLayout)),
  innerLink: () => import('./shell/inner-link-page').then((module) => module.InnerLinkPage),
  // The console's pages register here as they are built; until then GET /getRouters names none of them.
  pages: {
    'cloud/buy': withFeatureNamespaces('desktopBuy', () =>
      import('../features/desktops/buy/desktop-buy-page').then((module) => module.DesktopBuyPage),
    ),
    'cloud/list': () =>
      import('../features/desktops/list/pages/desktop-list-page').then((module) => module.DesktopListPage),
    'cloud/log': withFeatureNamespaces('monitoring', () =>
      import('../features/monitoring/pages/monitoring-page').then((module) => module.MonitoringPage),
    ),
    'cloud/strategy': () =>
      import('../features/policies/pages/policy-page').then((module) => module.PolicyPage),
    'cloud/notice': () => import('../features/notices/pages/notice-page').then((module) => module.NoticePage),
    // Issue 21: the main account's sub-accounts.
    'cloud/sonacc': withFeatureNamespaces('subAccounts', () =>
      import('../features/sub-accounts/pages/sub-account-page').then((module) => module.SubAccountPage),
    ),
    // The phone pages' strings are their own chunk (locales/groups.ts), not the shell's.
    'phone/buy': withFeatureNamespaces('phones', () =>
      import('../features/phones/buy/phone-buy-page').then((module) => module.PhoneBuyPage),
    ),
    'phone/list': withFeatureNamespaces('phones', () =>
      import('../features/phones/list/phone-list-page').then((module) => module.PhoneListPage),
    ),
    'spending/topup': () =>
      import('../features/wallet/pages/topup-records-page').then((module) => module.TopupRecordsPage),
    'spending/bill': () => import('../features/billing/pages/bill-page').then((module) => module.BillPage),
    'spending/order': () => import('../features/orders/pages/order-page').then((module) => module.OrderPage),
    // Issue 22: the spending statistics, with their own strings.
    'spending/statistics': withFeatureNamespaces('statistics', () =>
      import('../features/statistics/pages/statistics-page').then((module) => module.StatisticsPage),
    ),
    'phone/group': withFeatureNamespaces('phones', () =>
      import('../features/phones/group/phone-group-page').then((module) => module.PhoneGroupPage),
    ),
    'phone/application': withFeatureNamespaces(
      'phoneApps',
      withFeatureNamespaces('phones', () =>
        import('../features/phones/apps/phone-app-page').then((module) => module.PhoneAppPage),
      ),
    ),
    'phone/adb': withFeatureNamespaces('phones', () =>
      import('../features/phones/adb/key-pair-page').then((module) => module.KeyPairPage),
    ),
    'phone/backup': withFeatureNamespaces(
      'phoneBackups',
      withFeatureNamespaces('phones', () =>
        import('../features/phones/backups/backup-page').then((module) => module.BackupPage),
      ),
    ),
    'phone/task': withFeatureNamespaces(
      'phoneTasks',
      withFeatureNamespaces('phones', () =>
        import('../features/phones/tasks/phone-task-page').then((module) => module.PhoneTaskPage),
      ),
    ),
    // The operators' organisation pages (issue 17 B); their strings are the admin group's chunk.
    'system/user': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/user/pages/user-page').then((module) => module.UserPage),
      ),
    ),
    'system/user/authRole': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/user/pages/auth-role-page').then((module) => module.AuthRolePage),
      ),
    ),
    'system/dept': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/dept/pages/dept-page').then((module) => module.DeptPage),
      ),
    ),
    'system/post': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/post/pages/post-page').then((module) => module.PostPage),
      ),
    ),
    // The operators' pages: their strings are the 'admin' group's chunk (locales/groups.ts).
    'monitor/operlog': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/monitor/logs/pages/oper-log-page').then((module) => module.OperLogPage),
      ),
    ),
    'monitor/logininfor': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/monitor/logs/pages/login-log-page').then((module) => module.LoginLogPage),
      ),
    ),
    'system/dict': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/dict/pages/dict-type-page').then((module) => module.DictTypePage),
      ),
    ),
    'system/config': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/config/pages/config-page').then((module) => module.ConfigPage),
      ),
    ),
    // Issue 18 B4: every customer's resources.
    'business/resource': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/resource/pages/resource-page').then((module) => module.ResourcePage),
      ),
    ),
    // Operator console part 2 (issue 18), part B2.
    'business/adjustment': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/adjustment/pages/adjustment-page').then(
          (module) => module.AdjustmentPage,
        ),
      ),
    ),
    // Issue 22: the referral withdrawals' review.
    'business/withdrawal': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/withdrawal/pages/withdrawal-page').then(
          (module) => module.WithdrawalPage,
        ),
      ),
    ),
    // Issue 22: the customer's referral rebate (/user/pullnew).
    'user/referral': withFeatureNamespaces('referral', () =>
      import('../features/referral/pages/referral-page').then((module) => module.ReferralPage),
    ),
    'business/catalog': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/catalog/pages/catalog-page').then((module) => module.CatalogPage),
      ),
    ),
    // Issue 20: the app catalogue. Its strings (phoneAppsAdmin) are the app centre's group, which it
    // needs anyway for the app centre's upload dialog and versions drawer, so the admin chunk stays as it was.
    // Issue 22 G2: the review of free trial applications.
    'business/trial': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/trial/pages/trial-page').then((module) => module.TrialPage),
      ),
    ),
    'business/app': withFeatureNamespaces(
      'adminShared',
      withFeatureNamespaces(
        'phones',
        withFeatureNamespaces('phoneApps', () =>
          import('../features/business/app/pages/business-app-page').then((module) => module.BusinessAppPage),
        ),
      ),
    ),
    'system/notice': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/notice/pages/notice-admin-page').then((module) => module.NoticeAdminPage),
      ),
    ),
    // Issue 18 (part B5): every customer's orders and top-ups; strings in the admin group.
    'business/order': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/order/pages/business-order-page').then(
          (module) => module.BusinessOrderPage,
        ),
      ),
    ),
    'business/topup': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/topup/pages/business-topup-page').then(
          (module) => module.BusinessTopupPage,
        ),
      ),
    ),
    // Issue 18 part B1: the operators' customers and one customer's detail (a hidden page).
    'business/customer': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/customer/pages/customer-page').then((module) => module.CustomerPage),
      ),
    ),
    'business/customer/detail': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/customer/pages/customer-detail-page').then(
          (module) => module.CustomerDetailPage,
        ),
      ),
    ),
    'network/office': withFeatureNamespaces('network', () =>
      import('../features/office-sites/pages/office-site-page').then((module) => module.OfficeSitePage),
    ),
    // Issue 19's proxies: static residential IPs (/zqgl/testIp) and the customer's own (/zqgl/ownProxy).
    'network/static-ip': withFeatureNamespaces('network', () =>
      import('../features/network/proxies/static-ip-page').then((module) => module.StaticIpPage),
    ),
    'network/own-proxy': withFeatureNamespaces('network', () =>
      import('../features/network/proxies/own-proxy-page').then((module) => module.OwnProxyPage),
    ),
    // Issue 19: elastic IPs and phone networks (their strings are the phone group's chunk; the
    // bandwidth field and traffic drawer they share with office networks, the network group's).
    'network/buy-ip': withFeatureNamespaces(
      'phones',
      withFeatureNamespaces('network', () =>
        import('../features/network/eip/buy-ip-page').then((module) => module.BuyIpPage),
      ),
    ),
    'network/phone-ip': withFeatureNamespaces(
      'phones',
      withFeatureNamespaces('network', () =>
        import('../features/network/phone-networks/phone-network-page').then(
          (module) => module.PhoneNetworkPage,
        ),
      ),
    ),
    // The operators' monitor pages (issue 17 part D); their strings load with them (the admin group).
    'monitor/online': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/monitor/online/online-page').then((module) => module.OnlineUsersPage),
      ),
    ),
    'monitor/job': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/monitor/job/job-page').then((module) => module.JobPage),
      ),
    ),
    'monitor/job-log': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/monitor/job/job-log-page').then((module) => module.JobLogPage),
      ),
    ),
    'monitor/server': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/monitor/server/server-page').then((module) => module.ServerPage),
      ),
    ),
    'monitor/cache': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/monitor/cache/cache-page').then((module) => module.CachePage),
      ),
    ),
    'system/role': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/roles/pages/role-page').then((module) => module.RolePage),
      ),
    ),
    'system/role-auth': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/roles/pages/role-users-page').then((module) => module.RoleUsersPage),
      ),
    ),
    'system/menu': withFeatureNamespaces(
      'admin',
      withFeatureNamespaces('adminShared', () =>
        import('../features/system/menus/pages/menu-page').then((module) => module.MenuPage),
      ),
    ),
    // Issue 18 B6: the operator's dashboard and the home page's content.
    'business/dashboard': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/dashboard/pages/dashboard-page').then((module) => module.DashboardPage),
      ),
    ),
    'business/content': withFeatureNamespaces(
      'business',
      withFeatureNamespaces('adminShared', () =>
        import('../features/business/content/pages/content-page').then((module) => module.ContentPage),
      ),
    ),
  },
};

const ROOT_ID = 'root';
const SESSION_ID = 'session';
const CONSOLE_ID = 'console';

function toRouteObject(route: AppRoute, id?: string): RouteObject {
  // Matched so that no other route (the 404 page) loads for it; the guard loads the document.
  if ('document' in route) return { ...(id ? { id } : {}), path: route.path };
  if ('redirect' in route) {
    return { ...(id ? { id } : {}), path: route.path, element: <Navigate to={route.redirect} replace /> };
  }
  const page = lazyPageRoute(id, route.path, route.meta, route.page);
  return route.loader ? { ...page, loader: route.loader } : page;
}

function isGated(route: AppRoute): boolean {
  if (!('meta' in route)) return false;
  return Boolean(route.meta.permissions?.length || route.meta.roles?.length);
}

/** What a session adds: the protected part of the table, its gated routes and its generated ones. */
function sessionRoutesOf(table: RouteTable) {
  return (access: SessionAccess) => {
    const tree: RouteObject = {
      id: SESSION_ID,
      children: [
        ...table.standalone.map((route) => toRouteObject(route, `${SESSION_ID}:${route.path}`)),
        {
          id: CONSOLE_ID,
          lazy: async () => ({ Component: await table.frame() }),
          children: table.console
            .filter((route) => !isGated(route))
            .map((route) => toRouteObject(route, `${CONSOLE_ID}:${route.path}`)),
        },
      ],
    };
    const gated = table.console
      .filter((route) => isGated(route) && 'meta' in route && meetsRequirement(access.grants, route.meta))
      .map((route) => toRouteObject(route, `${CONSOLE_ID}:${route.path}`));
    const reservedPaths = new Set([...table.standalone, ...table.console].map((route) => route.path));
    const generated = generateRoutes(access.nodes, access.grants, {
      pages: table.pages,
      innerLink: table.innerLink,
      reservedPaths,
    });
    const ungated = [...table.standalone, ...table.console].filter((route) => !isGated(route));
    setAvailablePaths(
      [...ungated, ...gated, ...generated].flatMap((route) => (route.path ? [route.path] : [])),
    );
    return { tree, parentId: CONSOLE_ID, children: [...gated, ...generated] };
  };
}

/** /moneryContro: stores the handed-over session, then goes home without leaving the token in history. */
function handoverLoader({ request }: LoaderFunctionArgs) {
  saveHandover(new URL(request.url).searchParams);
  return replace(HOME_PATH);
}

export interface AppRoutes {
  routes: RouteObject[];
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
  /** Call with the router built from `routes`. */
  attach(router: DataRouter): void;
}

/** The routes as react-router objects under the root layout and its guard, new for each router. */
export function createAppRoutes(table: RouteTable = routeTable): AppRoutes {
  const access = createAccessControl({ rootId: ROOT_ID, sessionRoutes: sessionRoutesOf(table) });
  const routes: RouteObject[] = [
    {
      id: ROOT_ID,
      Component: RootLayout,
      // Shown while the first page's guard and chunk load, if the router renders before they have
      // (main.tsx waits for them, and index.html's loader shows meanwhile).
      HydrateFallback: ProgressBar,
      ErrorBoundary: RouteErrorPage,
      loader: access.loader,
      // The guard answers for every navigation, not only when the root's params change.
      shouldRevalidate: () => true,
      children: [
        ...table.open.map((route) => toRouteObject(route)),
        { path: HANDOVER_PATH, loader: handoverLoader },
        // The shell's "refresh": a loader, so the shell stays mounted while it passes through.
        { path: `${REDIRECT_PREFIX}/*`, loader: redirectLoader },
      ],
    },
  ];
  return { routes, patchRoutesOnNavigation: access.patchRoutesOnNavigation, attach: access.attach };
}

/**
 * With a stored session the first page is a console page: the shell's code (with the console
 * strings) and, when the path is one of the route table's console pages (the home, the profile),
 * that page's code start downloading now, while the guard's GET /getInfo and /getRouters are on
 * their way, instead of after them. Started from the entry rather than preloaded by index.html:
 * dozens of preloads arriving with the HTML held its first paint back (466 → 322 ms at 4× CPU).
 * A failure here is left to the route, which loads the chunk again and shows the error.
 */
export function prefetchFirstPage(pathname: string, table: RouteTable = routeTable): void {
  void table.frame().catch(() => undefined);
  const page = table.console.find((route) => route.path === pathname);
  if (page && 'page' in page) void page.page().catch(() => undefined);
}

export function createAppRouter() {
  const { routes, patchRoutesOnNavigation, attach } = createAppRoutes();
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  attach(router);
  return router;
}

/**
 * Settles once the router's first navigation has: the guard answered and the page's code loaded (or
 * either failed, and the error page is ready to show).
 */
export function firstNavigation(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
