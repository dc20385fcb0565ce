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

/** Exposed for the test that keeps both catalogues complete. */
export const messageCatalogue = catalogue;
