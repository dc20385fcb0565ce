/**
 * Server-side messages in both languages. The language comes from `Accept-Language`:
 * English when the first supported language the client names is English, Chinese otherwise.
 */
import { DEFAULT_LANGUAGE, type ErrorCode, type Language } from '@cloudbay/contracts';

type Messages = Record<ErrorCode, string>;

const zhCN: Messages = {
  VALIDATION_FAILED: '请求参数有误：{fields}',
  UNAUTHORIZED: '认证失败，无法访问系统资源',
  FORBIDDEN: '当前操作没有权限',
  NOT_FOUND: '访问资源不存在',
  ROUTE_NOT_FOUND: '接口不存在：{method} {path}',
  CONFIG_NOT_FOUND: '配置项不存在：{key}',
  PAYLOAD_TOO_LARGE: '提交的数据超过 {limit} MB 上限',
  TOO_MANY_REQUESTS: '操作过于频繁，请稍后再试',
  INTERNAL: '系统未知错误，请反馈给管理员（请求编号 {requestId}）',
  DATABASE_UNAVAILABLE: '数据库暂时不可用，请稍后再试',
  SESSION_INVALID: '无效的会话，或者会话已过期，请重新登录',
  CAPTCHA_INVALID: '图形验证码错误或已过期，请重新输入',
  EMAIL_CODE_INVALID: '邮箱验证码错误或已失效，请重新获取',
  EMAIL_CODE_TOO_FREQUENT: '验证码发送过于频繁，请 {seconds} 秒后再试',
  EMAIL_CODES_FROM_IP_EXCEEDED: '当前网络获取验证码次数过多，请 {minutes} 分钟后再试',
  EMAIL_TAKEN: '该邮箱已注册，请直接登录',
  INVITE_CODE_INVALID: '邀请码无效',
  LOGIN_FAILED: '邮箱或密码错误',
  LOGIN_LOCKED: '当前网络对该邮箱登录失败次数过多，请 {minutes} 分钟后再试',
  LOGIN_STEP_UP_REQUIRED: '该邮箱近期登录失败次数异常，请输入发送到该邮箱的验证码和密码一起登录',
  LOGIN_STEP_UP_FAILED: '邮箱、密码或邮箱验证码错误',
  ACCOUNT_DISABLED: '账户已停用，请联系管理员',
  LOGIN_ATTEMPTS_FROM_IP_EXCEEDED: '当前网络登录尝试过多，请 {minutes} 分钟后再试',
  SESSION_NOT_FOUND: '会话不存在或已结束',
  EMAIL_INVALID: '请输入有效的邮箱地址',
  PASSWORD_LENGTH: '密码长度需为 8 到 64 个字符',
  PASSWORD_SPACES: '密码不能包含空格',
  PASSWORD_CLASSES: '密码需包含大写字母、小写字母、数字和特殊字符中的至少三种',
  PASSWORD_COMMON: '该密码过于常见、容易被猜到，请换一个',
  NICKNAME_LENGTH: '昵称长度需为 4 到 30 个字符',
  EMAIL_CODE_FORMAT: '邮箱验证码为 6 位数字',
  NOTICE_NOT_FOUND: '通知不存在',
  DICT_DATA_NOT_FOUND: '字典数据不存在',
  DICT_VALUE_TAKEN: '字典类型 {type} 中已存在键值 {value}',
  FILE_NOT_FOUND: '文件不存在',
  UPLOAD_MISSING: '请选择要上传的文件',
  UPLOAD_TOO_LARGE: '上传文件大小不能超过 {limit} MB',
  UPLOAD_TYPE_NOT_ALLOWED: '文件格式不正确，仅支持 {types} 格式文件',
  UPLOAD_CONTENT_MISMATCH: '文件内容与扩展名 {ext} 不符',
  UPLOAD_IMAGE_TOO_LARGE: '图片不能超过 {megapixels} 百万像素',
  DICT_TYPE_NOT_FOUND: '字典类型不存在：{type}',
  AVATAR_NOT_IMAGE: '头像必须是图片文件（{types}）',
  INSUFFICIENT_BALANCE: '当前账户余额不足',
  TOPUP_AMOUNT_TOO_SMALL: '充值金额不能小于 5$',
  TOPUP_ORDER_NOT_FOUND: '充值订单不存在',
  BILL_NOT_FOUND: '账单不存在',
  ORDER_NOT_FOUND: '订单不存在',
  LEDGER_KEY_CONFLICT: '该操作编号已用于另一笔不同的资金操作',
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key 须为 1 到 {max} 个可见字符',
  IDEMPOTENCY_KEY_REUSED: '该 Idempotency-Key 已用于内容不同的请求',
  IDEMPOTENCY_KEY_IN_FLIGHT: '相同 Idempotency-Key 的请求仍在处理中，请稍后重试',
  IDEMPOTENCY_KEY_REQUIRED: '此请求须带 Idempotency-Key 请求头（每次新操作使用一个新的随机值）',
  REGION_NOT_FOUND: '地域不存在或暂未开放',
  BUNDLE_NOT_FOUND: '套餐不存在或已下架',
  DESKTOP_TYPE_NOT_FOUND: '云电脑规格不存在或已下架',
  PHONE_SPEC_NOT_FOUND: '云手机规格不存在或已下架',
  PERIOD_NOT_OFFERED: '不支持购买时长 {period} 个月，可选：{periods}',
  PERIOD_REQUIRED: '包年包月请选择购买时长',
  BUNDLE_OR_TYPE_REQUIRED: '请选择套餐或云电脑规格',
  EXPIRE_TIME_REQUIRED: '包年包月资源须提供到期时间',
  SYSTEM_DISK_RANGE: '系统盘容量需为 80–500 GiB，且为 10 的倍数',
  SYSTEM_DISK_SHRINK: '系统盘只能扩容，不能小于当前的 {current} GiB',
  OFFICE_BANDWIDTH_RANGE: '办公网络带宽需为 10–200 Mbps 的整数',
  EIP_BANDWIDTH_RANGE: 'EIP 带宽需为 1–200 Mbps 的整数',
  BACKUP_SPACE_RANGE: '备份空间需为 10–5000 GiB，且为 10 的倍数',
  QUANTITY_RANGE: '购买数量需为 1–100 的整数',
  PRICE_NOT_CONFIGURED: '价格暂未配置（{item}），请联系客服',
  DESKTOP_NOT_FOUND: '云电脑不存在',
  PHONE_NOT_FOUND: '云手机不存在',
  PHONE_ACCESS_DENIED: '云手机功能暂未对您的账户开放，请联系客服开通',
  PHONE_GROUP_NOT_FOUND: '云手机分组不存在',
  PHONE_GROUP_NAME_TAKEN: '已有同名分组',
  SUB_ACCOUNT_ONLY: '该功能仅供子账号使用',
  PHONE_COMMAND_INVALID: '请输入 1–1024 个字符的命令',
  PHONE_NOT_RUNNING: '云手机未运行，请先开机',
  ADB_KEY_PAIR_REQUIRED: '开启 ADB 前请先为云手机绑定 ADB 密钥对',
  CONTACTS_FILE_INVALID: '请上传 .vcf 或 .csv 格式的通讯录文件',
  CONTACTS_FILE_EMPTY: '文件中没有可导入的联系人（需要姓名和电话）',
  CONTACTS_TOO_MANY: '一次最多导入 {max} 个联系人，请拆分文件后重试',
  KEY_PAIR_NOT_FOUND: '密钥对不存在',
  KEY_PAIR_NAME_INVALID: '密钥对名称需为 2–128 个字符，仅支持中文、英文、数字、下划线和连字符',
  KEY_PAIR_PUBLIC_KEY_INVALID: '公钥格式不正确，请粘贴 OpenSSH 格式的公钥',
  KEY_PAIR_IN_USE: '密钥对仍绑定在云手机上，请先解绑',
  KEY_PAIR_NOT_ATTACHED: '该云手机未绑定此密钥对',
  CUSTOMER_NOT_FOUND: '客户不存在',
  PHONE_DISK_SHRINK: '云手机存储只能扩容，新规格不能小于当前的 {current} GiB',
  OFFICE_SITE_NOT_FOUND: '办公网络不存在',
  IMAGE_NOT_FOUND: '镜像不存在或不可用',
  RESOURCE_ACTION_FORBIDDEN: '当前状态不允许执行该操作，请刷新后重试',
  RESOURCE_NOT_READY: '资源尚未创建完成，请稍后再试',
  CLOUD_REQUEST_REJECTED: '云平台拒绝了该请求，请检查参数后重试',
  CLOUD_UNAVAILABLE: '云平台暂时不可用，请稍后再试',
  AGREEMENT_REQUIRED: '请先阅读并同意服务协议',
  SELECTION_REQUIRED: '请先选择要操作的资源',
  SPEC_UNCHANGED: '新配置与当前配置相同',
  AUTO_RENEW_REFUSED: '按量付费或赠送的资源不支持自动续费',
  MIGRATE_TARGET_INVALID: '只能迁移到同一地域的其他办公网络',
  OFFICE_SITE_DEFAULT_LOCKED: '默认办公网络不能释放或变更带宽',
  OFFICE_SITE_IN_USE: '该办公网络仍有 {count} 台云电脑在使用，请先迁移或释放它们',
  OFFICE_BANDWIDTH_NOT_HIGHER: '新带宽需大于当前的 {current} Mbps',
  OFFICE_SITE_NO_TRAFFIC: '免费办公网络不提供流量查询',
  OFFICE_SITE_RELEASING: '该办公网络正在释放或已释放，不能再加入云电脑',
  OFFICE_SITE_EXPIRED: '办公网络已到期，请先续费再升级带宽',
  POLICY_NOT_FOUND: '策略不存在',
  POLICY_DEFAULT_LOCKED: '默认策略不能编辑或删除',
  POLICY_NAME_TAKEN: '已有同名策略',
  DESKTOP_NOT_RUNNING: '云电脑未运行，请先开机',
  CONNECTION_TICKET_INVALID: '连接凭证无效或已过期，请重新连接',
  RENEWAL_GIFT_REFUSED: '赠送的资源不能续费',
  RENEWAL_PAYG_REFUSED: '按量付费的资源无需续费',
  RENEWAL_KIND_UNSUPPORTED: '该类资源暂不支持续费',
  DEAD_LETTER_NOT_FOUND: '失败任务不存在或已重试',
  DEAD_LETTER_NOT_RETRYABLE: '该失败任务无法重试：其原队列已不存在或有同键任务正在执行',
};

const enUS: Messages = {
  VALIDATION_FAILED: 'Invalid request: {fields}',
  UNAUTHORIZED: 'Authentication failed, cannot access system resources',
  FORBIDDEN: 'No permission for this operation',
  NOT_FOUND: 'Resource does not exist',
  ROUTE_NOT_FOUND: 'No such endpoint: {method} {path}',
  CONFIG_NOT_FOUND: 'No such setting: {key}',
  PAYLOAD_TOO_LARGE: 'The submitted data exceeds the {limit} MB limit',
  TOO_MANY_REQUESTS: 'Operation too frequent, please try later',
  INTERNAL: 'Unknown system error, please report to the administrator (request {requestId})',
  DATABASE_UNAVAILABLE: 'The database is unavailable, please try again later',
  SESSION_INVALID: 'Invalid session or session expired, please log in again',
  CAPTCHA_INVALID: 'The image code is wrong or has expired, please enter the new one',
  EMAIL_CODE_INVALID: 'The e-mail code is wrong or no longer valid, please request a new one',
  EMAIL_CODE_TOO_FREQUENT: 'A code was sent a moment ago, please try again in {seconds} s',
  EMAIL_CODES_FROM_IP_EXCEEDED:
    'Too many codes requested from your network, please try again in {minutes} min',
  EMAIL_TAKEN: 'This e-mail is already registered, please log in',
  INVITE_CODE_INVALID: 'The invite code is not valid',
  LOGIN_FAILED: 'Wrong e-mail or password',
  LOGIN_LOCKED: 'Too many failed logins for this e-mail from your network, please try again in {minutes} min',
  LOGIN_STEP_UP_REQUIRED:
    'Unusual failed logins for this e-mail: enter the code we e-mail to it together with the password',
  LOGIN_STEP_UP_FAILED: 'Wrong e-mail, password or e-mail code',
  ACCOUNT_DISABLED: 'This account is disabled, please contact the administrator',
  LOGIN_ATTEMPTS_FROM_IP_EXCEEDED:
    'Too many login attempts from your network, please try again in {minutes} min',
  SESSION_NOT_FOUND: 'The session does not exist or has ended',
  EMAIL_INVALID: 'Please enter a valid e-mail address',
  PASSWORD_LENGTH: 'The password must be 8 to 64 characters long',
  PASSWORD_SPACES: 'The password must not contain spaces',
  PASSWORD_CLASSES:
    'The password needs at least three of: upper case, lower case, digits, special characters',
  PASSWORD_COMMON: 'This password is too common and easy to guess, please choose another',
  NICKNAME_LENGTH: 'The nickname must be 4 to 30 characters long',
  EMAIL_CODE_FORMAT: 'The e-mail code is 6 digits',
  NOTICE_NOT_FOUND: 'The notice does not exist',
  DICT_DATA_NOT_FOUND: 'The dictionary entry does not exist',
  DICT_VALUE_TAKEN: 'Dictionary type {type} already has the value {value}',
  FILE_NOT_FOUND: 'The file does not exist',
  UPLOAD_MISSING: 'Choose a file to upload',
  UPLOAD_TOO_LARGE: 'Uploaded files cannot exceed {limit} MB',
  UPLOAD_TYPE_NOT_ALLOWED: 'File type not allowed; upload {types} files',
  UPLOAD_CONTENT_MISMATCH: 'The file content does not match its extension {ext}',
  UPLOAD_IMAGE_TOO_LARGE: 'Images cannot exceed {megapixels} megapixels',
  DICT_TYPE_NOT_FOUND: 'No such dictionary type: {type}',
  AVATAR_NOT_IMAGE: 'The avatar must be an image ({types})',
  INSUFFICIENT_BALANCE: 'Insufficient account balance',
  TOPUP_AMOUNT_TOO_SMALL: 'The top-up amount cannot be less than 5$',
  TOPUP_ORDER_NOT_FOUND: 'The top-up order does not exist',
  BILL_NOT_FOUND: 'The bill does not exist',
  ORDER_NOT_FOUND: 'The order does not exist',
  LEDGER_KEY_CONFLICT: 'This operation key was already used for a different money movement',
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key must be 1 to {max} visible characters',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for a different request',
  IDEMPOTENCY_KEY_IN_FLIGHT:
    'A request with this Idempotency-Key is still being processed, please retry shortly',
  IDEMPOTENCY_KEY_REQUIRED:
    'This request needs an Idempotency-Key header (a new random value for each new operation)',
  REGION_NOT_FOUND: 'The region does not exist or is not open',
  BUNDLE_NOT_FOUND: 'The bundle does not exist or is no longer sold',
  DESKTOP_TYPE_NOT_FOUND: 'The cloud computer type does not exist or is no longer sold',
  PHONE_SPEC_NOT_FOUND: 'The cloud phone spec does not exist or is no longer sold',
  PERIOD_NOT_OFFERED: 'A period of {period} months cannot be bought; choose one of {periods}',
  PERIOD_REQUIRED: 'Choose a purchase period for a subscription',
  BUNDLE_OR_TYPE_REQUIRED: 'Choose a bundle or a cloud computer type',
  EXPIRE_TIME_REQUIRED: 'A subscription resource needs its expiry time',
  SYSTEM_DISK_RANGE: 'The system disk must be 80–500 GiB in steps of 10',
  SYSTEM_DISK_SHRINK: 'The system disk can only grow; it cannot be smaller than the current {current} GiB',
  OFFICE_BANDWIDTH_RANGE: 'Office network bandwidth must be a whole number from 10 to 200 Mbps',
  EIP_BANDWIDTH_RANGE: 'EIP bandwidth must be a whole number from 1 to 200 Mbps',
  BACKUP_SPACE_RANGE: 'Backup space must be 10–5000 GiB in multiples of 10',
  QUANTITY_RANGE: 'The quantity must be a whole number from 1 to 100',
  PRICE_NOT_CONFIGURED: 'No price is configured yet ({item}); please contact support',
  DESKTOP_NOT_FOUND: 'The cloud computer does not exist',
  PHONE_NOT_FOUND: 'The cloud phone does not exist',
  PHONE_ACCESS_DENIED: 'Cloud phones are not open to your account yet; contact support to have them enabled',
  PHONE_GROUP_NOT_FOUND: 'The phone group does not exist',
  PHONE_GROUP_NAME_TAKEN: 'A group with this name already exists',
  SUB_ACCOUNT_ONLY: 'This is for sub-accounts only',
  PHONE_COMMAND_INVALID: 'Enter a command of 1–1024 characters',
  PHONE_NOT_RUNNING: 'The cloud phone is not running; start it first',
  ADB_KEY_PAIR_REQUIRED: 'Attach an ADB key pair to the phone before enabling ADB',
  CONTACTS_FILE_INVALID: 'Upload a contacts file in .vcf or .csv format',
  CONTACTS_FILE_EMPTY: 'The file has no contacts to import (each needs a name and a phone number)',
  CONTACTS_TOO_MANY: 'At most {max} contacts can be imported at once; split the file and try again',
  KEY_PAIR_NOT_FOUND: 'The key pair does not exist',
  KEY_PAIR_NAME_INVALID: 'A key pair name is 2–128 characters of Chinese, English letters, digits, _ and -',
  KEY_PAIR_PUBLIC_KEY_INVALID: 'The public key is not valid; paste an OpenSSH public key',
  KEY_PAIR_IN_USE: 'The key pair is still attached to phones; detach it first',
  KEY_PAIR_NOT_ATTACHED: 'The key pair is not attached to this phone',
  CUSTOMER_NOT_FOUND: 'The customer does not exist',
  PHONE_DISK_SHRINK: 'A phone’s storage only grows: the new spec needs at least the current {current} GiB',
  OFFICE_SITE_NOT_FOUND: 'The office network does not exist',
  IMAGE_NOT_FOUND: 'The image does not exist or is not available',
  RESOURCE_ACTION_FORBIDDEN: 'This action is not allowed in the current status; refresh and try again',
  RESOURCE_NOT_READY: 'The resource is still being created; try again later',
  CLOUD_REQUEST_REJECTED: 'The cloud rejected the request; check the parameters and try again',
  CLOUD_UNAVAILABLE: 'The cloud is temporarily unavailable; try again later',
  AGREEMENT_REQUIRED: 'Please read and accept the service agreement first',
  SELECTION_REQUIRED: 'Select the resources to act on first',
  SPEC_UNCHANGED: 'The new configuration is the same as the current one',
  AUTO_RENEW_REFUSED: 'Pay-as-you-go and gifted resources have no auto-renew',
  MIGRATE_TARGET_INVALID: 'A cloud computer can only move to another office network of its region',
  OFFICE_SITE_DEFAULT_LOCKED: 'The default office network cannot be released or re-sized',
  OFFICE_SITE_IN_USE: '{count} cloud computers still use this office network; migrate or release them first',
  OFFICE_BANDWIDTH_NOT_HIGHER: 'The new bandwidth must be above the current {current} Mbps',
  OFFICE_SITE_NO_TRAFFIC: 'The free office network has no traffic query',
  OFFICE_SITE_RELEASING: 'This office network is being released; cloud computers cannot join it',
  OFFICE_SITE_EXPIRED: 'The office network has expired; renew it before upgrading its bandwidth',
  POLICY_NOT_FOUND: 'The policy does not exist',
  POLICY_DEFAULT_LOCKED: 'The default policy cannot be edited or deleted',
  POLICY_NAME_TAKEN: 'A policy with this name already exists',
  DESKTOP_NOT_RUNNING: 'The cloud computer is not running; start it first',
  CONNECTION_TICKET_INVALID: 'The connection ticket is invalid or has expired; connect again',
  RENEWAL_GIFT_REFUSED: 'A gifted resource cannot be renewed',
  RENEWAL_PAYG_REFUSED: 'Pay-as-you-go resources are not renewed',
  RENEWAL_KIND_UNSUPPORTED: 'This kind of resource cannot be renewed yet',
  DEAD_LETTER_NOT_FOUND: 'The failed job does not exist or has been retried already',
  DEAD_LETTER_NOT_RETRYABLE:
    'The failed job cannot be retried: its queue is gone or a job with its key is running',
};

const catalogue: Record<Language, Messages> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Picks zh-CN or en-US from an Accept-Language header, honouring q-values. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

/** The message for `code` in `language`, with `{name}` placeholders filled from `params`. */
export function translate(language: Language, code: ErrorCode, params: Record<string, string | number> = {}) {
  const template = catalogue[language][code];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** True when `message` is one of the error codes (zod field messages are codes, see contracts). */
export function isErrorCode(message: string): message is ErrorCode {
  return Object.hasOwn(zhCN, message);
}

/** Exposed for the test that keeps both catalogues complete. */
export const messageCatalogue = catalogue;
