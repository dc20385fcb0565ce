/** The columns and lines of the operation-log and login-log exports, in the reader's language. */
import type { Language, LogStatus, OperBusinessType, OperModule } from '@cloudbay/contracts';
import { csvCell, csvLine, csvTitles, formatCsvTime } from '../../../lib/csv';
import type { LoginLogRow, OperLogRow } from './repo';

const OPER_COLUMNS = [
  'id',
  'module',
  'businessType',
  'method',
  'url',
  'email',
  'ip',
  'status',
  'resultCode',
  'errorMsg',
  'durationMs',
  'time',
] as const;
type OperColumn = (typeof OPER_COLUMNS)[number];

const LOGIN_COLUMNS = ['id', 'email', 'ip', 'browser', 'os', 'status', 'reason', 'time'] as const;
type LoginColumn = (typeof LOGIN_COLUMNS)[number];

const TIME: ReadonlySet<'time'> = new Set(['time']);

const OPER_TITLES: Record<Language, Record<OperColumn, string>> = {
  'zh-CN': {
    id: '日志编号',
    module: '系统模块',
    businessType: '操作类型',
    method: '请求方式',
    url: '请求地址',
    email: '操作账号',
    ip: '操作地址',
    status: '操作状态',
    resultCode: '返回码',
    errorMsg: '错误消息',
    durationMs: '消耗时间（毫秒）',
    time: '操作时间',
  },
  'en-US': {
    id: 'Log ID',
    module: 'Module',
    businessType: 'Operation type',
    method: 'Method',
    url: 'URL',
    email: 'Account',
    ip: 'IP address',
    status: 'Status',
    resultCode: 'Result code',
    errorMsg: 'Error message',
    durationMs: 'Duration (ms)',
    time: 'Time',
  },
};

const LOGIN_TITLES: Record<Language, Record<LoginColumn, string>> = {
  'zh-CN': {
    id: '访问编号',
    email: '登录邮箱',
    ip: '登录地址',
    browser: '浏览器',
    os: '操作系统',
    status: '登录状态',
    reason: '原因代码',
    time: '访问时间',
  },
  'en-US': {
    id: 'Access ID',
    email: 'E-mail',
    ip: 'IP address',
    browser: 'Browser',
    os: 'Operating system',
    status: 'Status',
    reason: 'Reason code',
    time: 'Time',
  },
};

const BUSINESS_TYPES: Record<Language, Record<OperBusinessType, string>> = {
  'zh-CN': {
    insert: '新增',
    update: '修改',
    delete: '删除',
    grant: '授权',
    export: '导出',
    import: '导入',
    force: '强退',
    clean: '清空',
    other: '其他',
  },
  'en-US': {
    insert: 'Create',
    update: 'Update',
    delete: 'Delete',
    grant: 'Grant',
    export: 'Export',
    import: 'Import',
    force: 'Force logout',
    clean: 'Clean',
    other: 'Other',
  },
};
/** The modules' names (the web's monitorLogs `module.*`); an old row's raw module stays as it is. */
const MODULES: Record<Language, Record<OperModule, string>> = {
  'zh-CN': {
    'system.user': '用户管理',
    'system.role': '角色管理',
    'system.menu': '菜单管理',
    'system.dept': '部门管理',
    'system.post': '岗位管理',
    'system.dict': '字典管理',
    'system.config': '参数设置',
    'system.notice': '通知公告',
    'system.customer': '客户管理',
    'business.order': '订单管理（运营）',
    'business.topup': '充值管理',
    'business.resource': '资源管理',
    'business.customer': '业务管理·客户',
    'business.adjustment': '余额调整',
    'business.withdrawal': '提现审核',
    referral: '推广返利',
    'business.support': '支持会话',
    'business.catalog': '产品与价格',
    'business.app': '应用管理',
    'business.trial': '试用审核',
    'monitor.online': '在线用户',
    'monitor.job': '定时任务',
    'monitor.jobLog': '调度日志',
    'monitor.operlog': '操作日志',
    'monitor.logininfor': '登录日志',
    'monitor.server': '服务监控',
    'monitor.cache': '缓存监控',
    auth: '登录认证',
    account: '账户设置',
    wallet: '钱包充值',
    payment: '支付回调',
    order: '订单管理',
    desktop: '云桌面',
    officeSite: '办公网络',
    policy: '桌面策略',
    phone: '云手机',
    eip: '弹性公网 IP',
    phoneNetwork: '云手机网络',
    proxy: '代理',
    notice: '站内消息',
    file: '文件',
    catalog: '产品目录',
    content: '站点内容',
    'business.content': '内容管理',
    'business.dashboard': '运营看板',
    trial: '免费试用',
    health: '健康检查',
  },
  'en-US': {
    'system.user': 'Users',
    'system.role': 'Roles',
    'system.menu': 'Menus',
    'system.dept': 'Departments',
    'system.post': 'Posts',
    'system.dict': 'Dictionaries',
    'system.config': 'Settings',
    'system.notice': 'Announcements',
    'system.customer': 'Customers',
    'business.order': 'Orders (operations)',
    'business.topup': 'Top-ups',
    'business.resource': 'Resources',
    'business.customer': 'Business: customers',
    'business.adjustment': 'Balance adjustments',
    'business.withdrawal': 'Withdrawals',
    referral: 'Referral rebate',
    'business.support': 'Support sessions',
    'business.catalog': 'Catalogue and prices',
    'business.app': 'App catalogue',
    'business.trial': 'Trial applications',
    'monitor.online': 'Online users',
    'monitor.job': 'Scheduled jobs',
    'monitor.jobLog': 'Job log',
    'monitor.operlog': 'Operation log',
    'monitor.logininfor': 'Login log',
    'monitor.server': 'Server',
    'monitor.cache': 'Cache',
    auth: 'Sign-in',
    account: 'Account',
    wallet: 'Wallet',
    payment: 'Payments',
    order: 'Orders',
    desktop: 'Cloud desktops',
    officeSite: 'Office networks',
    policy: 'Desktop policies',
    phone: 'Cloud phones',
    eip: 'Elastic IPs',
    phoneNetwork: 'Phone networks',
    proxy: 'Proxies',
    notice: 'Notifications',
    file: 'Files',
    catalog: 'Catalogue',
    content: 'Site content',
    'business.content': 'Content',
    'business.dashboard': 'Dashboard',
    trial: 'Free trials',
    health: 'Health',
  },
};
const STATUSES: Record<Language, Record<LogStatus, string>> = {
  'zh-CN': { success: '成功', failure: '失败' },
  'en-US': { success: 'Success', failure: 'Failure' },
};

export const operLogCsvTitles = (language: Language, timeZone: string) =>
  csvTitles(OPER_COLUMNS, OPER_TITLES[language], TIME, timeZone);

export const loginLogCsvTitles = (language: Language, timeZone: string) =>
  csvTitles(LOGIN_COLUMNS, LOGIN_TITLES[language], TIME, timeZone);

export function operLogCsvLine(row: OperLogRow, language: Language, timeZone: string): string {
  return csvLine([
    csvCell(String(row.id), false),
    csvCell(MODULES[language][row.module as OperModule] ?? row.module),
    csvCell(BUSINESS_TYPES[language][row.businessType as OperBusinessType] ?? row.businessType),
    csvCell(row.method),
    csvCell(row.url),
    csvCell(row.email ?? ''),
    csvCell(row.ip),
    csvCell(STATUSES[language][row.status as LogStatus] ?? row.status),
    csvCell(String(row.resultCode), false),
    csvCell(row.errorMsg ?? ''),
    csvCell(String(row.durationMs), false),
    formatCsvTime(row.createdAt, timeZone),
  ]);
}

export function loginLogCsvLine(row: LoginLogRow, language: Language, timeZone: string): string {
  return csvLine([
    csvCell(String(row.id), false),
    csvCell(row.email),
    csvCell(row.ip),
    csvCell(row.browser ?? ''),
    csvCell(row.os ?? ''),
    csvCell(STATUSES[language][row.status as LogStatus] ?? row.status),
    csvCell(row.reason ?? ''),
    formatCsvTime(row.createdAt, timeZone),
  ]);
}
