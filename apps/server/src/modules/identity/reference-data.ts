/**
 * The roles and menus every installation needs, and the first operator account. Seeded at every
 * start: what exists is left as the operators made it (a menu taken away from a role stays away).
 */
import { ROLE_ADMIN, ROLE_DEFAULT } from '@cloudbay/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { menus, roleMenus, roles, userRoles } from '../../db/schema';
import { randomCode } from '../../lib/crypto';
import { hashPassword } from './passwords';
import { assignRole, findUserByEmail, insertUser } from './repo';

interface MenuSeed {
  key: string;
  type: 'M' | 'C' | 'F';
  path?: string;
  component?: string;
  title: string;
  icon?: string;
  perms?: string;
  hidden?: boolean;
  noCache?: boolean;
  /** An inner link's address (component 'InnerLink': shown inside the console in a frame). */
  link?: string;
  children?: MenuSeed[];
}

const page = (
  key: string,
  path: string,
  component: string,
  title: string,
  extra: Partial<MenuSeed> = {},
): MenuSeed => ({
  key,
  type: 'C',
  path,
  component,
  title,
  ...extra,
});

/**
 * RuoYi's buttons of a page: `system:post` + 'add' → key system-post-add, perms system:post:add,
 * titled by the action ('route.button.add'; the page they sit under names what they act on).
 */
const buttons = (keyPrefix: string, permPrefix: string, actions: string[]): MenuSeed[] =>
  actions.map((action) => ({
    key: `${keyPrefix}-${action}`,
    type: 'F',
    title: `route.button.${action}`,
    perms: `${permPrefix}:${action}`,
  }));
/** A button (type F): a permission a page's actions check, nothing to navigate to. */
const button = (key: string, title: string, perms: string): MenuSeed => ({ key, type: 'F', title, perms });

/** The customer console of spec §2. */
const CUSTOMER_MENUS: MenuSeed[] = [
  {
    key: 'cloud',
    type: 'M',
    path: '/cloud',
    title: 'route.cloud',
    icon: 'desktop',
    children: [
      page('cloud-buy', 'buy', 'cloud/buy', 'route.cloudBuy', { noCache: true }),
      page('cloud-list', 'cloudLis', 'cloud/list', 'route.cloudList'),
      page('cloud-log', 'log', 'cloud/log', 'route.cloudLog'),
      page('cloud-strategy', 'strategy', 'cloud/strategy', 'route.cloudStrategy'),
      page('cloud-notice', 'notice', 'cloud/notice', 'route.notice'),
      page('cloud-sonacc', 'sonacc', 'cloud/sonacc', 'route.subAccounts'),
    ],
  },
  {
    key: 'phone',
    type: 'M',
    path: '/phone',
    title: 'route.phone',
    icon: 'mobile',
    children: [
      page('phone-buy', 'buyph', 'phone/buy', 'route.phoneBuy', { noCache: true }),
      page('phone-list', 'list', 'phone/list', 'route.phoneList'),
      page('phone-group', 'group', 'phone/group', 'route.phoneGroup'),
      page('phone-adb', 'phoneadb', 'phone/adb', 'route.phoneAdb'),
      page('phone-application', 'application', 'phone/application', 'route.phoneApps'),
      page('phone-backup', 'backup', 'phone/backup', 'route.phoneBackup'),
      page('phone-task', 'task', 'phone/task', 'route.phoneTask'),
    ],
  },
  {
    key: 'network',
    type: 'M',
    path: '/zqgl',
    title: 'route.network',
    icon: 'cloud',
    children: [
      page('network-buy-ip', 'buyIP', 'network/buy-ip', 'route.buyIp', { noCache: true }),
      page('network-office', 'officenetwork', 'network/office', 'route.officeNetwork'),
      page('network-phone-ip', 'phoneip', 'network/phone-ip', 'route.phoneIp'),
      page('network-static-ip', 'testIp', 'network/static-ip', 'route.staticIp'),
      page('network-own-proxy', 'ownProxy', 'network/own-proxy', 'route.ownProxy'),
    ],
  },
  {
    key: 'spending',
    type: 'M',
    path: '/mesceter',
    title: 'route.spending',
    icon: 'wallet',
    children: [
      page('spending-topup', 'topup', 'spending/topup', 'route.topups'),
      page('spending-order', 'order', 'spending/order', 'route.orders'),
      page('spending-bill', 'bill', 'spending/bill', 'route.bills'),
      // Issue 22: this and last month's spend, traffic per month and network cost per region.
      page('spending-statistics', 'statistics', 'spending/statistics', 'route.statistics'),
    ],
  },
  {
    key: 'account',
    type: 'M',
    path: '/user',
    title: 'route.account',
    icon: 'user',
    hidden: true,
    children: [
      page('account-profile', 'profile', 'user/profile', 'route.profile', { hidden: true }),
      page('account-referral', 'pullnew', 'user/referral', 'route.referral'),
    ],
  },
];

/** The operator side; `admin` sees every menu, other roles what they are given. */
const ADMIN_MENUS: MenuSeed[] = [
  {
    key: 'system',
    type: 'M',
    path: '/system',
    title: 'route.system',
    icon: 'setting',
    children: [
      page('system-user', 'user', 'system/user', 'route.systemUser', {
        perms: 'system:user:list',
        children: [
          { key: 'system-user-edit', type: 'F', title: 'route.systemUserEdit', perms: 'system:user:edit' },
          ...buttons('system-user', 'system:user', [
            'query',
            'add',
            'remove',
            'resetPwd',
            'export',
            'import',
          ]),
          // Opening cloud phones to a customer (PUT /system/customer/{userId}/ph_white_user).
          {
            key: 'system-customer-phone',
            type: 'F',
            title: 'route.systemCustomerPhone',
            perms: 'system:customer:phone',
          },
        ],
      }),
      page('system-role', 'role', 'system/role', 'route.systemRole', {
        perms: 'system:role:list',
        children: buttons('system-role', 'system:role', ['edit', 'query', 'add', 'remove', 'export']),
      }),
      // Assigning roles to one account (RuoYi's hidden page; the id is digits only, checked by the page).
      page(
        'system-user-auth-role',
        'user-auth/role/:userId',
        'system/user/authRole',
        'route.systemUserAuthRole',
        {
          perms: 'system:user:edit',
          hidden: true,
        },
      ),
      page('system-dept', 'dept', 'system/dept', 'route.systemDept', {
        perms: 'system:dept:list',
        children: buttons('system-dept', 'system:dept', ['query', 'add', 'edit', 'remove']),
      }),
      page('system-post', 'post', 'system/post', 'route.systemPost', {
        perms: 'system:post:list',
        children: buttons('system-post', 'system:post', ['query', 'add', 'edit', 'remove', 'export']),
      }),
      // The users of one role (RuoYi's hidden route /system/role-auth/user/:roleId).
      page('system-role-auth', 'role-auth/user/:roleId', 'system/role-auth', 'route.systemRoleAuth', {
        perms: 'system:role:edit',
        hidden: true,
        noCache: true,
      }),
      page('system-menu', 'menu', 'system/menu', 'route.systemMenu', {
        perms: 'system:menu:list',
        children: buttons('system-menu', 'system:menu', ['query', 'add', 'edit', 'remove']),
      }),
      page('system-dict', 'dict', 'system/dict', 'route.systemDict', {
        perms: 'system:dict:list',
        children: buttons('system-dict', 'system:dict', ['query', 'add', 'edit', 'remove']),
      }),
      page('system-config', 'config', 'system/config', 'route.systemConfig', {
        perms: 'system:config:list',
        children: buttons('system-config', 'system:config', ['query', 'add', 'edit', 'remove']),
      }),
      page('system-notice', 'notice', 'system/notice', 'route.systemNotice', {
        perms: 'system:notice:list',
        children: buttons('system-notice', 'system:notice', ['query', 'add', 'edit', 'remove']),
      }),
    ],
  },
  // The business (issue 18): customers, money, catalogue, resources, orders, content, dashboard.
  // Each part adds its pages between its own two marker lines.
  {
    key: 'business',
    type: 'M',
    path: '/business',
    title: 'route.business',
    icon: 'shopping',
    children: [
      // ── part B1 customers ↓
      page('business-customer', 'customer', 'business/customer', 'route.businessCustomer', {
        perms: 'business:customer:list',
        children: buttons('business-customer', 'business:customer', ['query', 'edit', 'export']),
      }),
      // One customer's detail (RuoYi's hidden page; the id is digits only, checked by the page).
      page(
        'business-customer-detail',
        'customer-detail/:userId',
        'business/customer/detail',
        'route.businessCustomerDetail',
        { perms: 'business:customer:query', hidden: true },
      ),
      // ── part B1 customers ↑
      // ── part B2 adjustments and support sessions ↓
      page('business-adjustment', 'adjustment', 'business/adjustment', 'route.businessAdjustment', {
        perms: 'business:adjustment:list',
        children: [
          ...buttons('business-adjustment', 'business:adjustment', ['add', 'approve']),
          // Opening a customer's console read-only (the customers page and this page's audit tab).
          button('business-customer-support', 'route.button.support', 'business:customer:support'),
        ],
      }),
      // ── part B2 adjustments and support sessions ↑
      // ── issue 22 referral withdrawals ↓
      page('business-withdrawal', 'withdrawal', 'business/withdrawal', 'route.businessWithdrawal', {
        perms: 'business:withdrawal:list',
        children: buttons('business-withdrawal', 'business:withdrawal', ['approve']),
      }),
      // ── issue 22 referral withdrawals ↑
      // ── issue 22 G2 free trials ↓
      page('business-trial', 'trial', 'business/trial', 'route.businessTrial', {
        perms: 'business:trial:list',
        children: buttons('business-trial', 'business:trial', ['approve']),
      }),
      // ── issue 22 G2 free trials ↑
      // ── part B3 catalogue and prices ↓
      page('business-catalog', 'catalog', 'business/catalog', 'route.businessCatalog', {
        perms: 'business:catalog:list',
        // Edit covers every area's save (prices, switches, names) and the price preview.
        children: buttons('business-catalog', 'business:catalog', ['edit']),
      }),
      // ── part B3 catalogue and prices ↑
      // ── issue 20 app catalogue ↓
      page('business-app', 'app', 'business/app', 'route.businessApp', {
        perms: 'business:app:list',
        children: buttons('business-app', 'business:app', ['add', 'edit', 'remove']),
      }),
      // ── issue 20 app catalogue ↑
      // ── part B4 resources ↓
      page('business-resource', 'resource', 'business/resource', 'route.businessResource', {
        perms: 'business:resource:list',
        children: buttons('business-resource', 'business:resource', [
          'query',
          'operate',
          'release',
          'extend',
          'export',
        ]),
      }),
      // ── part B4 resources ↑
      // ── part B5 orders and top-ups ↓
      page('business-order', 'order', 'business/order', 'route.businessOrder', {
        perms: 'business:order:list',
        children: buttons('business-order', 'business:order', ['query', 'export', 'refund']),
      }),
      page('business-topup', 'topup', 'business/topup', 'route.businessTopup', {
        perms: 'business:topup:list',
        children: buttons('business-topup', 'business:topup', ['query', 'export', 'reconcile']),
      }),
      // ── part B5 orders and top-ups ↑
      // ── part B6 content and dashboard ↓
      // The operator's home: figures of the business (GET /business/dashboard).
      page('business-dashboard', 'dashboard', 'business/dashboard', 'route.businessDashboard', {
        perms: 'business:dashboard:view',
      }),
      page('business-content', 'content', 'business/content', 'route.businessContent', {
        perms: 'business:content:list',
        children: buttons('business-content', 'business:content', ['add', 'edit', 'remove']),
      }),
      // ── part B6 content and dashboard ↑
    ],
  },
  {
    key: 'monitor',
    type: 'M',
    path: '/monitor',
    title: 'route.monitor',
    icon: 'monitor',
    children: [
      page('monitor-online', 'online', 'monitor/online', 'route.monitorOnline', {
        perms: 'monitor:online:list',
        children: [
          {
            key: 'monitor-online-force-logout',
            type: 'F',
            title: 'route.monitorOnlineForceLogout',
            perms: 'monitor:online:forceLogout',
          },
        ],
      }),
      page('monitor-job', 'job', 'monitor/job', 'route.monitorJob', {
        perms: 'monitor:job:list',
        children: [
          { key: 'monitor-job-query', type: 'F', title: 'route.monitorJobQuery', perms: 'monitor:job:query' },
          // Cron and remark (PUT /monitor/job) and retrying a dead letter.
          { key: 'monitor-job-edit', type: 'F', title: 'route.monitorJobEdit', perms: 'monitor:job:edit' },
          // Pause, resume and run once.
          {
            key: 'monitor-job-change-status',
            type: 'F',
            title: 'route.monitorJobChangeStatus',
            perms: 'monitor:job:changeStatus',
          },
          // Deleting and cleaning the job log.
          {
            key: 'monitor-job-remove',
            type: 'F',
            title: 'route.monitorJobRemove',
            perms: 'monitor:job:remove',
          },
        ],
      }),
      // RuoYi's hidden job-log route, opened from a job's row.
      page('monitor-job-log', 'job-log/index/:jobId', 'monitor/job-log', 'route.monitorJobLog', {
        perms: 'monitor:job:list',
        hidden: true,
      }),
      page('monitor-operlog', 'operlog', 'monitor/operlog', 'route.monitorOperlog', {
        perms: 'monitor:operlog:list',
        children: [
          button('monitor-operlog-query', 'route.monitorOperlogQuery', 'monitor:operlog:query'),
          button('monitor-operlog-remove', 'route.monitorOperlogRemove', 'monitor:operlog:remove'),
          button('monitor-operlog-export', 'route.monitorOperlogExport', 'monitor:operlog:export'),
        ],
      }),
      page('monitor-logininfor', 'logininfor', 'monitor/logininfor', 'route.monitorLogininfor', {
        perms: 'monitor:logininfor:list',
        children: [
          button('monitor-logininfor-remove', 'route.monitorLogininforRemove', 'monitor:logininfor:remove'),
          button('monitor-logininfor-export', 'route.monitorLogininforExport', 'monitor:logininfor:export'),
          button('monitor-logininfor-unlock', 'route.monitorLogininforUnlock', 'monitor:logininfor:unlock'),
        ],
      }),
      page('monitor-server', 'server', 'monitor/server', 'route.monitorServer', {
        perms: 'monitor:server:list',
      }),
      page('monitor-cache', 'cache', 'monitor/cache', 'route.monitorCache', {
        perms: 'monitor:cache:list',
        children: [
          {
            key: 'monitor-cache-remove',
            type: 'F',
            title: 'route.monitorCacheRemove',
            perms: 'monitor:cache:remove',
          },
        ],
      }),
    ],
  },
  {
    key: 'tool',
    type: 'M',
    path: '/tool',
    title: 'route.tool',
    icon: 'tool',
    children: [
      // The OpenAPI document of this server, inside the console.
      page('tool-swagger', 'swagger', 'InnerLink', 'route.toolSwagger', { link: '/api/docs' }),
    ],
  },
];

/** The keys of every seeded menu: reference data, which may be edited or disabled but not deleted. */
export const SEEDED_MENU_KEYS: ReadonlySet<string> = new Set(
  (function keysOf(seeds: MenuSeed[]): string[] {
    return seeds.flatMap((seed) => [seed.key, ...keysOf(seed.children ?? [])]);
  })([...CUSTOMER_MENUS, ...ADMIN_MENUS]),
);

async function seedMenus(
  db: Db,
  seeds: MenuSeed[],
  roleIds: number[],
  parentId: number | null,
  sort = { n: 0 },
) {
  for (const seed of seeds) {
    sort.n += 1;
    const inserted = await db
      .insert(menus)
      .values({
        key: seed.key,
        parentId,
        menuType: seed.type,
        path: seed.path ?? '',
        component: seed.component,
        titleKey: seed.title,
        icon: seed.icon,
        perms: seed.perms,
        hidden: seed.hidden ?? false,
        noCache: seed.noCache ?? false,
        link: seed.link,
        sort: sort.n,
      })
      .onConflictDoNothing({ target: menus.key })
      .returning({ id: menus.id });
    // A new menu joins its roles; an existing one keeps whatever the operators decided.
    if (inserted[0] && roleIds.length > 0) {
      await db.insert(roleMenus).values(roleIds.map((roleId) => ({ roleId, menuId: inserted[0]!.id })));
    }
    if (!seed.children) continue;
    const menuId =
      inserted[0]?.id ??
      (await db.select({ id: menus.id }).from(menus).where(eq(menus.key, seed.key)))[0]!.id;
    await seedMenus(db, seed.children, roleIds, menuId, sort);
  }
}

/** The demo operator used when ADMIN_EMAIL/ADMIN_PASSWORD are unset outside production. */
export const DEMO_ADMIN = { email: 'admin@cloudbay.local', password: 'Cloudbay@2026' };

/** Who the first operator is, or why there is none. */
export function adminCredentials(config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'NODE_ENV'>) {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    return { email: config.ADMIN_EMAIL.toLowerCase(), password: config.ADMIN_PASSWORD, demo: false };
  }
  if (config.NODE_ENV === 'production') return undefined;
  return { ...DEMO_ADMIN, demo: true };
}

export async function seedIdentityReferenceData(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'NODE_ENV'>,
) {
  await db
    .insert(roles)
    .values([
      { key: ROLE_ADMIN, name: 'Administrator', sort: 1 },
      { key: ROLE_DEFAULT, name: 'Customer', sort: 2 },
    ])
    .onConflictDoNothing({ target: roles.key });
  const roleRows = await db
    .select()
    .from(roles)
    .where(inArray(roles.key, [ROLE_ADMIN, ROLE_DEFAULT]));
  const roleId = (key: string) => roleRows.find((r) => r.key === key)!.id;
  await seedMenus(db, CUSTOMER_MENUS, [roleId(ROLE_DEFAULT)], null);
  await seedMenus(db, ADMIN_MENUS, [], null);

  // The first operator, when no account holds the admin role yet.
  const [anyAdmin] = await db
    .select()
    .from(userRoles)
    .where(eq(userRoles.roleId, roleId(ROLE_ADMIN)))
    .limit(1);
  const admin = adminCredentials(config);
  if (anyAdmin || !admin) return;
  const existing = await findUserByEmail(db, admin.email);
  const user =
    existing ??
    (await insertUser(db, {
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      nickname: 'Administrator',
      inviteCode: randomCode(8),
    }));
  await assignRole(db, user.id, ROLE_ADMIN);
}
