/**
 * The one place a sub-account's session is narrowed (issue 21): the auth hook calls
 * `applySubAccountRoute` for every request of such a session (route allowed? whose data?), and the
 * pre-handler below checks, once the body is parsed, that every resource the call names is bound
 * to the sub-account and that the binding permits the action. Routes themselves only ask
 * `boundSubAccountOf` (lists) and `subAccountPayerOf` (renewals).
 */
import { ErrorCode, type Language, type SubAccountPermission } from '@cloudbay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { pickLanguage } from '../../lib/i18n';
import { findBoundResources } from './repo';
import { subAccountRoutePolicy } from './route-policy';
import type { SubAccountPayer } from './spend-cap';

const PERMISSION_LABELS: Record<SubAccountPermission, Record<Language, string>> = {
  connect: { 'zh-CN': '连接', 'en-US': 'connect' },
  start_stop: { 'zh-CN': '开机/关机', 'en-US': 'start/stop' },
  restart: { 'zh-CN': '重启', 'en-US': 'restart' },
  reset_replace: { 'zh-CN': '重置/一键新机', 'en-US': 'reset/replace' },
  reinstall: { 'zh-CN': '重装系统', 'en-US': 'reinstall' },
  command: { 'zh-CN': '执行命令', 'en-US': 'run commands' },
  renew: { 'zh-CN': '续费', 'en-US': 'renew' },
};

const NOT_FOUND = { desktop: ErrorCode.DESKTOP_NOT_FOUND, phone: ErrorCode.PHONE_NOT_FOUND } as const;

function policyOf(request: FastifyRequest) {
  return subAccountRoutePolicy(request.method, request.routeOptions.url ?? '');
}

/**
 * Called by the auth hook for a sub-account's session: a route not in the policy is refused; on a
 * route acting on the main account's resources, the session's `userId` becomes the main account's
 * (every owner-scoped query then reaches its resources) and the pre-handler narrows them.
 */
export function applySubAccountRoute(request: FastifyRequest): void {
  const auth = request.auth;
  if (!auth?.subAccount) return;
  const policy = policyOf(request);
  if (!policy) throw new AppError('forbidden', ErrorCode.SUB_ACCOUNT_NOT_ALLOWED);
  if (policy.scope === 'main') request.auth = { ...auth, userId: auth.subAccount.mainUserId };
}

/** The resource check, after validation (the body's ids are parsed): unbound 404, not permitted 403. */
export function registerSubAccountChecks(app: FastifyInstance, deps: Pick<AppDeps, 'database'>): void {
  app.addHook('preHandler', async (request) => {
    const sub = request.auth?.subAccount;
    if (!sub) return;
    const policy = policyOf(request);
    if (!policy?.resource) return;
    const { kind } = policy.resource;
    const ids = [...new Set(policy.resource.ids(request))];
    const bound = ids.length === 0 ? [] : await findBoundResources(deps.database.db, kind, sub.id, ids);
    if (bound.length !== ids.length) throw new AppError('not_found', NOT_FOUND[kind]);
    const permission =
      typeof policy.permission === 'function' ? policy.permission(request.body) : policy.permission;
    if (permission && bound.some((binding) => !binding.permissions.includes(permission))) {
      const language = pickLanguage(request.headers['accept-language']);
      throw new AppError('forbidden', ErrorCode.SUB_ACCOUNT_PERMISSION_DENIED, {
        permission: PERMISSION_LABELS[permission][language],
      });
    }
  });
}

/** On a list route: the sub-account whose bound resources the list is limited to (else undefined). */
export function boundSubAccountOf(request: FastifyRequest): number | undefined {
  return request.auth?.subAccount?.id;
}

/** On a renewal route: the sub-account that pays from its main account's wallet within its cap. */
export function subAccountPayerOf(request: FastifyRequest): SubAccountPayer | undefined {
  const sub = request.auth?.subAccount;
  return sub ? { subUserId: sub.id, nickname: sub.nickname } : undefined;
}

/** A main account's own call (sub-account management): a sub-account session is refused. */
export function isSubAccountSession(request: FastifyRequest): boolean {
  return !!request.auth?.subAccount;
}
